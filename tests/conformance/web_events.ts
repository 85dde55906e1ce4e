// EventTarget, Event, CustomEvent, AbortController and AbortSignal, as Node 20 has them.

const log = (...a: unknown[]) => console.log(...a);

// Dispatch: order, `this`, target/currentTarget/phase during and after, return value.
const target = new EventTarget();
function first(this: EventTarget, e: Event) {
  log("first", this === target, e.target === target, e.currentTarget === target, e.eventPhase, e.composedPath().length);
}
target.addEventListener("ping", first);
target.addEventListener("ping", first); // the same listener again is ignored
function second(e: Event) {
  log("second", e.type);
}
target.addEventListener("ping", second, true);
target.addEventListener("ping", { handleEvent(e: Event) { log("object listener", e.type, this !== target); } });
const ping = new Event("ping");
log("dispatch returns", target.dispatchEvent(ping));
log("after", ping.target === target, ping.currentTarget, ping.eventPhase, ping.composedPath().length);
target.removeEventListener("ping", first);
target.removeEventListener("ping", second, { capture: true });
target.dispatchEvent(new Event("ping"));

// once, stopImmediatePropagation, listeners added or removed while dispatching.
const t2 = new EventTarget();
t2.addEventListener("x", () => log("once"), { once: true });
t2.addEventListener("x", (e) => {
  log("stopper");
  t2.addEventListener("x", () => log("added during dispatch"));
  e.stopImmediatePropagation();
});
t2.addEventListener("x", () => log("never"));
t2.dispatchEvent(new Event("x"));
t2.dispatchEvent(new Event("x"));

// preventDefault needs cancelable. (A passive listener cannot prevent, as the DOM standard
// says; Node 20 lets it, so this test does not look.)
const t3 = new EventTarget();
t3.addEventListener("c", (e) => e.preventDefault());
const notCancelable = new Event("c");
log(t3.dispatchEvent(notCancelable), notCancelable.defaultPrevented, notCancelable.returnValue);
const cancelable = new Event("c", { cancelable: true });
log(t3.dispatchEvent(cancelable), cancelable.defaultPrevented, cancelable.returnValue);

// Event's own fields.
const e = new Event("custom", { bubbles: true, cancelable: true, composed: true });
log(e.type, e.bubbles, e.cancelable, e.composed, e.isTrusted, e.eventPhase, e.cancelBubble, typeof e.timeStamp, e.srcElement);
e.cancelBubble = true;
log(e.cancelBubble, Event.NONE, Event.AT_TARGET, String(e), Object.prototype.toString.call(target));
const ce = new CustomEvent("hello", { detail: { n: 1 } });
log(ce instanceof Event, ce.detail, new CustomEvent("x").detail, ce.type);

// Argument errors.
for (const f of [() => new (Event as any)(), () => target.addEventListener("x" as any, undefined as any, undefined as any) ?? (target as any).addEventListener("x"), () => target.dispatchEvent({ type: "x" } as any), () => new (AbortSignal as any)()]) {
  try {
    f();
    log("no error");
  } catch (err: any) {
    log(err.name, err.code, err.message);
  }
}

// AbortController and AbortSignal.
const controller = new AbortController();
const signal = controller.signal;
log(signal.aborted, signal.reason, controller, signal);
signal.onabort = (ev: Event) => log("onabort", ev.type, ev.isTrusted, (ev.target as any) === signal);
signal.addEventListener("abort", () => log("abort listener, aborted =", signal.aborted));
controller.abort();
controller.abort("again"); // a second abort does nothing
log(signal.aborted, signal.reason instanceof DOMException, signal.reason.name, signal.reason.message, signal.reason.code);
try {
  signal.throwIfAborted();
} catch (err: any) {
  log("throwIfAborted:", err === signal.reason);
}
const withReason = new AbortController();
withReason.abort({ why: "custom" });
log(withReason.signal.reason);
log(AbortSignal.abort().reason.name, AbortSignal.abort(42).reason, AbortSignal.abort().aborted);

// A listener removed through its `signal` option.
const t5 = new EventTarget();
const remover = new AbortController();
t5.addEventListener("m", () => log("listening"), { signal: remover.signal });
t5.dispatchEvent(new Event("m"));
remover.abort();
t5.dispatchEvent(new Event("m"));
t5.addEventListener("m", () => log("never added"), { signal: remover.signal });
t5.dispatchEvent(new Event("m"));

// AbortSignal.any and AbortSignal.timeout.
const a = new AbortController();
const b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
any.addEventListener("abort", () => log("any aborted with", any.reason));
b.abort("b's reason");
a.abort("a's reason");
log(AbortSignal.any([AbortSignal.abort("early")]).reason);
for (const bad of [-1, "1", 1.5]) {
  try {
    AbortSignal.timeout(bad as any);
  } catch (err: any) {
    log(err.name, err.code, err.message);
  }
}
const timed = AbortSignal.timeout(5);
timed.onabort = () => log("timed out:", timed.reason.name, timed.reason.message);
await new Promise((resolve) => setTimeout(resolve, 30));
log("done", timed.aborted);
