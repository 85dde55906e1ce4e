// node:events: EventEmitter (order, once, prepend, error semantics, newListener and
// removeListener, max-listener limits, listener introspection), events.once, and a CommonJS
// package whose module is the EventEmitter class.
import EventEmitter, { once, errorMonitor, EventEmitter as Named } from "node:events";
import user from "emitter-user";
const { Ticker, same, once: onceType } = user;

const e = new EventEmitter();
const log: string[] = [];
e.on("newListener", (name) => log.push(`new:${String(name)}`));
e.on("x", (a, b) => log.push(`x1:${a}${b}`));
e.prependListener("x", () => log.push("x0"));
e.once("x", () => log.push("once"));
console.log(e.emit("x", 1, 2), e.emit("x", 3, 4), e.emit("none"), log.join(" "));
console.log(e.listenerCount("x"), e.eventNames(), e.listeners("x").length, e.rawListeners("x").length, Named === EventEmitter);
const f = () => log.push("f");
e.on("y", f).on("y", f);
e.on("removeListener", (name) => log.push(`removed:${String(name)}`));
e.off("y", f);
console.log(e.listenerCount("y"), e.listenerCount("y", f));
e.removeAllListeners("y");
console.log(e.listenerCount("y"), log.slice(-3).join(" "));
try { e.emit("error", new Error("boom")); } catch (err: any) { console.log("thrown", err.message); }
try { e.emit("error", "plain"); } catch (err: any) { console.log(err.code, err.message); }
e.on(errorMonitor, (err) => console.log("monitor", err.message));
e.on("error", (err) => console.log("handled", err.message));
e.emit("error", new Error("caught"));
const sym = Symbol("s");
e.on(sym, () => console.log("symbol event"));
e.emit(sym);
console.log(e.getMaxListeners(), EventEmitter.defaultMaxListeners, e.setMaxListeners(1).getMaxListeners());
try { e.on("x", 5 as any); } catch (err: any) { console.log(err.name, err.code); }
class Sub extends EventEmitter {
  fire() { return this.emit("go", this instanceof Sub); }
}
const s = new Sub();
s.once("go", function (this: unknown, v) { console.log("go", v, this === s); });
console.log(s.fire(), s.fire());
const t = new Ticker();
t.on("tick", (n: number) => console.log("tick", n));
t.tick(7);
console.log(same, onceType, t instanceof EventEmitter);
(async () => {
  const p = once(e, "ready");
  setTimeout(() => e.emit("ready", "a", "b"), 1);
  console.log("once resolved", await p);
  const q = once(new EventEmitter(), "never").catch(() => "rejected");
  const em = new EventEmitter();
  const r = once(em, "data").catch((err) => `rejected: ${err.message}`);
  em.emit("error", new Error("bad"));
  console.log(await r);
  void q;
})();
