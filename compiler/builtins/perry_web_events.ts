// perry:web-events: the DOM's events and abort signals as Node 20 has them (lib/internal/
// event_target.js and abort_controller.js): Event, CustomEvent, EventTarget, AbortController
// and AbortSignal. The module graph evaluates this module first when some module's source
// names one of them (`modules::Graph::finish`), and it defines them on globalThis.
import { define, inspectCustom, native, nodeError, received, toStringTag, view } from "perry:web-globals";

const performanceNow = () => native.now();

// What EventTarget and AbortSignal set of an event's state (from Event's static block).
let eventStart: (e: Event, target: EventTarget) => void;
let eventEnd: (e: Event) => void;
let eventPassive: (e: Event, passive: boolean) => void;
let eventStopped: (e: Event) => boolean;
let eventTrust: (e: Event) => void;

const NONE = 0;
const AT_TARGET = 2;

class Event {
  #type: string;
  #bubbles: boolean;
  #cancelable: boolean;
  #composed: boolean;
  #defaultPrevented = false;
  #timeStamp: number;
  #propagationStopped = false;
  #immediateStopped = false;
  #target: EventTarget | null = null;
  #currentTarget: EventTarget | null = null;
  #phase = NONE;
  #passive = false;
  #trusted = false;

  static {
    eventStart = (e, target) => {
      if (e.#phase !== NONE) throw nodeError(Error as any, "ERR_EVENT_RECURSION", `The event "${e.#type}" is already being dispatched`);
      e.#target = target;
      e.#currentTarget = target;
      e.#phase = AT_TARGET;
    };
    eventEnd = (e) => {
      e.#currentTarget = null;
      e.#phase = NONE;
      e.#passive = false;
    };
    eventPassive = (e, passive) => {
      e.#passive = passive;
    };
    eventStopped = (e) => e.#immediateStopped;
    eventTrust = (e) => {
      e.#trusted = true;
    };
  }

  constructor(type: string, options: EventInit | null = null) {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "type" argument must be specified');
    if (options != null && typeof options !== "object" && typeof options !== "function") {
      throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "options" argument must be of type object.${received(options)}`);
    }
    this.#type = `${type}`;
    this.#bubbles = !!options?.bubbles;
    this.#cancelable = !!options?.cancelable;
    this.#composed = !!options?.composed;
    this.#timeStamp = performanceNow();
  }

  initEvent(type: string, bubbles = false, cancelable = false) {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "type" argument must be specified');
    if (this.#phase !== NONE) return;
    this.#type = `${type}`;
    this.#bubbles = !!bubbles;
    this.#cancelable = !!cancelable;
  }

  stopImmediatePropagation() {
    this.#propagationStopped = true;
    this.#immediateStopped = true;
  }
  preventDefault() {
    if (!this.#passive) this.#defaultPrevented = true;
  }
  get target() {
    return this.#target;
  }
  get currentTarget() {
    return this.#currentTarget;
  }
  get srcElement() {
    return this.#target;
  }
  get type() {
    return this.#type;
  }
  get cancelable() {
    return this.#cancelable;
  }
  get defaultPrevented() {
    return this.#cancelable && this.#defaultPrevented;
  }
  get timeStamp() {
    return this.#timeStamp;
  }
  composedPath() {
    return this.#phase === NONE ? [] : [this.#currentTarget];
  }
  get returnValue() {
    return !this.defaultPrevented;
  }
  get bubbles() {
    return this.#bubbles;
  }
  get composed() {
    return this.#composed;
  }
  get eventPhase() {
    return this.#phase;
  }
  get cancelBubble() {
    return this.#propagationStopped;
  }
  set cancelBubble(value: boolean) {
    if (value) this.#propagationStopped = true;
  }
  stopPropagation() {
    this.#propagationStopped = true;
  }
  get isTrusted() {
    return this.#trusted;
  }

  [inspectCustom](depth: number | null) {
    const name = this.constructor.name;
    if (typeof depth === "number" && depth < 0) return name;
    return view(name, { type: this.#type, defaultPrevented: this.defaultPrevented, cancelable: this.#cancelable, timeStamp: this.#timeStamp });
  }
}
for (const [name, value] of [["NONE", 0], ["CAPTURING_PHASE", 1], ["AT_TARGET", 2], ["BUBBLING_PHASE", 3]] as const) {
  Object.defineProperty(Event, name, { value, enumerable: true });
}
Object.defineProperty(Event.prototype, toStringTag, { value: "Event", configurable: true });

class CustomEvent<T = unknown> extends Event {
  #detail: T | null;
  constructor(type: string, options: CustomEventInit<T> | null = null) {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "type" argument must be specified');
    super(type, options);
    this.#detail = options?.detail ?? null;
  }
  get detail() {
    return this.#detail;
  }
}
Object.defineProperty(CustomEvent.prototype, toStringTag, { value: "CustomEvent", configurable: true });

interface Listener {
  callback: any;
  capture: boolean;
  once: boolean;
  passive: boolean;
  removed: boolean;
}

/** Node reports an exception thrown by a listener as uncaught, after the dispatch. */
function reportListenerError(err: unknown) {
  process.nextTick(() => {
    throw err;
  });
}

function flags(options: boolean | AddEventListenerOptions | undefined | null) {
  if (typeof options === "boolean") return { capture: options, once: false, passive: false, signal: undefined };
  if (options == null) return { capture: false, once: false, passive: false, signal: undefined };
  return { capture: !!options.capture, once: !!options.once, passive: !!options.passive, signal: options.signal };
}

class EventTarget {
  #listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: any, options?: boolean | AddEventListenerOptions) {
    if (arguments.length < 2) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "type" and "listener" arguments must be specified');
    if (listener == null) return;
    if (typeof listener !== "function" && typeof listener !== "object") {
      throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "listener" argument must be an instance of EventListener.${received(listener)}`);
    }
    const { capture, once, passive, signal } = flags(options);
    if (signal?.aborted) return;
    type = `${type}`;
    let list = this.#listeners.get(type);
    if (list === undefined) this.#listeners.set(type, (list = []));
    if (list.some((l) => l.callback === listener && l.capture === capture)) return;
    list.push({ callback: listener, capture, once, passive, removed: false });
    signal?.addEventListener("abort", () => this.removeEventListener(type, listener, options), { once: true });
  }

  removeEventListener(type: string, listener: any, options?: boolean | EventListenerOptions) {
    if (arguments.length < 2) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "type" and "listener" arguments must be specified');
    const capture = typeof options === "boolean" ? options : !!options?.capture;
    const list = this.#listeners.get(`${type}`);
    if (list === undefined) return;
    const i = list.findIndex((l) => l.callback === listener && l.capture === capture);
    if (i < 0) return;
    list[i].removed = true;
    list.splice(i, 1);
  }

  dispatchEvent(event: Event): boolean {
    if (!(event instanceof Event)) {
      throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "event" argument must be an instance of Event.${received(event)}`);
    }
    eventStart(event, this);
    const list = this.#listeners.get(event.type);
    if (list !== undefined) {
      for (const l of list.slice()) {
        if (l.removed) continue;
        if (l.once) this.removeEventListener(event.type, l.callback, l.capture);
        eventPassive(event, l.passive);
        try {
          const cb = l.callback;
          if (typeof cb === "function") cb.call(this, event);
          else if (typeof cb?.handleEvent === "function") cb.handleEvent(event);
        } catch (err) {
          reportListenerError(err);
        }
        if (eventStopped(event)) break;
      }
    }
    eventEnd(event);
    return !event.defaultPrevented;
  }

  [inspectCustom](depth: number | null) {
    const name = this.constructor.name;
    if (typeof depth === "number" && depth < 0) return name;
    return view(name, {});
  }
}
Object.defineProperty(EventTarget.prototype, toStringTag, { value: "EventTarget", configurable: true });

// AbortSignal: made only by this module (its constructor is illegal to call).
const CREATE = Symbol("AbortSignal");
let abortSignal: (signal: AbortSignal, reason: unknown) => void;
let dependOn: (signal: AbortSignal, sources: AbortSignal[]) => void;

class AbortSignal extends EventTarget {
  #aborted = false;
  #reason: unknown = undefined;
  // AbortSignal.any, as Node 20 has it: a composite signal keeps its (non-composite) sources,
  // and a source holds its dependents weakly, so a long-lived signal followed by many
  // short-lived ones does not keep them.
  #sources: AbortSignal[] | undefined = undefined;
  #dependents: WeakRef<AbortSignal>[] | undefined = undefined;
  #pruneAt = 16;
  #onabort: ((this: AbortSignal, ev: Event) => any) | null = null;
  #onabortListening = false;

  static {
    const fire = (signal: AbortSignal) => {
      const event = new Event("abort");
      eventTrust(event);
      signal.dispatchEvent(event);
    };
    // Node 20's abortSignal: the signal's event, then each live dependent aborted in turn.
    abortSignal = (signal, reason) => {
      if (signal.#aborted) return;
      signal.#aborted = true;
      signal.#reason = reason;
      fire(signal);
      const dependents = signal.#dependents;
      signal.#dependents = undefined;
      for (const ref of dependents ?? []) {
        const d = ref.deref();
        if (d !== undefined) abortSignal(d, reason);
      }
    };
    dependOn = (signal, sources) => {
      signal.#sources = [];
      for (const s of sources) {
        // A dependent signal's sources stand in for it.
        for (const source of s.#sources ?? [s]) {
          if (signal.#sources.includes(source)) continue;
          signal.#sources.push(source);
          const list = (source.#dependents ??= []);
          if (list.length >= source.#pruneAt) {
            source.#dependents = list.filter((r) => r.deref() !== undefined);
            source.#pruneAt = Math.max(16, 2 * source.#dependents.length);
          }
          source.#dependents!.push(new WeakRef(signal));
        }
      }
    };
  }

  constructor(key?: symbol) {
    if (key !== CREATE) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
    super();
  }

  get aborted() {
    return this.#aborted;
  }
  get reason() {
    return this.#reason;
  }
  throwIfAborted() {
    if (this.#aborted) throw this.#reason;
  }
  get onabort() {
    return this.#onabort;
  }
  set onabort(handler) {
    this.#onabort = typeof handler === "function" || (typeof handler === "object" && handler !== null) ? handler : null;
    if (!this.#onabortListening) {
      this.#onabortListening = true;
      this.addEventListener("abort", (event: Event) => {
        const h: any = this.#onabort;
        if (typeof h === "function") h.call(this, event);
      });
    }
  }

  static abort(reason?: unknown): AbortSignal {
    const signal = new AbortSignal(CREATE);
    abortSignal(signal, reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason);
    return signal;
  }

  static timeout(delay: number): AbortSignal {
    if (typeof delay !== "number") throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "delay" argument must be of type number.${received(delay)}`);
    if (!(delay >= 0 && delay <= 4294967295) || !Number.isInteger(delay)) {
      const what = Number.isInteger(delay) || Number.isNaN(delay) ? ">= 0 && <= 4294967295" : "an integer";
      throw nodeError(RangeError, "ERR_OUT_OF_RANGE", `The value of "delay" is out of range. It must be ${what}. Received ${delay}`);
    }
    const signal = new AbortSignal(CREATE);
    const timer: any = setTimeout(() => abortSignal(signal, new DOMException("The operation was aborted due to timeout", "TimeoutError")), delay);
    timer?.unref?.();
    return signal;
  }

  static any(signals: Iterable<AbortSignal>): AbortSignal {
    const list = [...signals];
    list.forEach((s, i) => {
      if (!(s instanceof AbortSignal)) {
        throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "signals[${i}]" argument must be an instance of AbortSignal.${received(s)}`);
      }
    });
    const signal = new AbortSignal(CREATE);
    const done = list.find((s) => s.aborted);
    if (done !== undefined) {
      abortSignal(signal, done.reason);
      return signal;
    }
    dependOn(signal, list);
    return signal;
  }

  [inspectCustom](depth: number | null) {
    if (typeof depth === "number" && depth < 0) return "AbortSignal";
    return view("AbortSignal", { aborted: this.#aborted });
  }
}
Object.defineProperty(AbortSignal.prototype, toStringTag, { value: "AbortSignal", configurable: true });

class AbortController {
  #signal = new AbortSignal(CREATE);
  get signal() {
    return this.#signal;
  }
  abort(reason?: unknown) {
    abortSignal(this.#signal, reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason);
  }
  [inspectCustom](depth: number | null) {
    if (typeof depth === "number" && depth < 0) return "AbortController";
    return view("AbortController", { signal: this.#signal });
  }
}
Object.defineProperty(AbortController.prototype, toStringTag, { value: "AbortController", configurable: true });

define("Event", Event);
define("CustomEvent", CustomEvent);
define("EventTarget", EventTarget);
define("AbortSignal", AbortSignal);
define("AbortController", AbortController);

// What a Request's `signal` needs (stdlib/src/web/body.rs), as undici makes it
// (lib/web/fetch/request.js): a signal of its own that follows the init's (or the input
// request's) through a listener holding it weakly (so a long-lived signal does not keep the
// requests that followed it, only a small listener each; undici also removes the listener
// through a FinalizationRegistry, which here kept every request's signals until a full
// collection); a clone's signal is aborted after its original's; and a way for the HTTP server
// to abort a request's signal when the client goes away.
const clones = new WeakMap<AbortSignal, Set<WeakRef<AbortSignal>>>();

function abortRequestSignal(signal: AbortSignal, reason: unknown) {
  abortSignal(signal, reason);
  const list = clones.get(signal);
  if (list === undefined) return;
  clones.delete(signal);
  for (const ref of list) {
    const clone = ref.deref();
    if (clone !== undefined) abortSignal(clone, reason);
  }
}

function requestSignal(follow: AbortSignal | undefined, clone: boolean): AbortSignal {
  const signal = new AbortSignal(CREATE);
  if (follow === undefined) return signal;
  if (follow.aborted) {
    abortSignal(signal, follow.reason);
    return signal;
  }
  const ref = new WeakRef(signal);
  if (clone) {
    let list = clones.get(follow);
    if (list === undefined) clones.set(follow, (list = new Set()));
    const l = list;
    l.add(ref);
    signal.addEventListener("abort", () => l.delete(ref));
    return signal;
  }
  const listener = () => {
    const s = ref.deref();
    if (s === undefined) return;
    follow.removeEventListener("abort", listener);
    abortRequestSignal(s, follow.reason);
  };
  follow.addEventListener("abort", listener);
  return signal;
}

__perry_native("web-body").setHooks({
  signal: requestSignal,
  abort: (signal: AbortSignal, reason: unknown) =>
    abortRequestSignal(signal, reason === undefined ? new DOMException("This operation was aborted", "AbortError") : reason),
});

export { AbortController, AbortSignal, CustomEvent, Event, EventTarget };
