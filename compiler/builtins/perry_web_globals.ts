// perry:web-globals: the Web platform's small globals as Node 20 has them: the DOM's events and
// abort signals (lib/internal/event_target.js and abort_controller.js: Event, CustomEvent,
// EventTarget, AbortController, AbortSignal), `performance` (now, timeOrigin, marks and
// measures), `atob`/`btoa`, and `navigator` (Node 21's, naming Perry). The module graph
// evaluates this module first when some module's source names one of them
// (`modules::Graph::finish`), and it defines them on globalThis.

function define(name: string, value: unknown) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

/** An error with Node's `code` (ERR_*). */
export function nodeError(Ctor: ErrorConstructor, code: string, message: string): Error {
  const e: any = new Ctor(message);
  e.code = code;
  return e;
}

/** Node's description of a value in an ERR_INVALID_ARG_TYPE message ("Received ..."). */
function received(v: unknown): string {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${(v as Function).name || "<anonymous>"}`;
  if (typeof v === "object") {
    const name = (v as any).constructor?.name;
    return name ? ` Received an instance of ${name}` : ` Received ${String(v)}`;
  }
  let shown = typeof v === "string" ? `'${v.length > 25 ? v.slice(0, 25) + "..." : v}'` : String(v);
  if (typeof v === "bigint") shown += "n";
  return ` Received type ${typeof v} (${shown})`;
}

/** An object printed by console.log as `Name { ...fields }` (a custom inspection's result). */
function view(name: string, fields: object): object {
  const V = { [name]: class {} }[name];
  Object.defineProperty(V, "name", { value: name });
  return Object.assign(new V(), fields);
}

/** performance.now()'s clock (milliseconds since the process started), and the processor count. */
const native: { now(): number; timeOrigin: number; hardwareConcurrency: number } = __perry_native("web-globals");
const performanceNow = () => native.now();

const inspectCustom = Symbol.for("nodejs.util.inspect.custom");
const toStringTag = Symbol.toStringTag;

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

class AbortSignal extends EventTarget {
  #aborted = false;
  #reason: unknown = undefined;
  #onabort: ((this: AbortSignal, ev: Event) => any) | null = null;
  #onabortListening = false;

  static {
    abortSignal = (signal, reason) => {
      if (signal.#aborted) return;
      signal.#aborted = true;
      signal.#reason = reason;
      const event = new Event("abort");
      eventTrust(event);
      signal.dispatchEvent(event);
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
    for (const s of list) s.addEventListener("abort", () => abortSignal(signal, s.reason), { once: true });
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

// performance: the User Timing entries (marks and measures) in one buffer, as Node keeps them.
const ENTRY = Symbol("PerformanceEntry");

class PerformanceEntry {
  #name: string;
  #entryType: string;
  #startTime: number;
  #duration: number;
  constructor(key?: symbol, name?: string, entryType?: string, startTime?: number, duration?: number) {
    if (key !== ENTRY) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
    this.#name = name!;
    this.#entryType = entryType!;
    this.#startTime = startTime!;
    this.#duration = duration!;
  }
  get name() {
    return this.#name;
  }
  get entryType() {
    return this.#entryType;
  }
  get startTime() {
    return this.#startTime;
  }
  get duration() {
    return this.#duration;
  }
  toJSON(): any {
    return { name: this.#name, entryType: this.#entryType, startTime: this.#startTime, duration: this.#duration };
  }
  [inspectCustom](depth: number | null) {
    const name = this.constructor.name;
    if (typeof depth === "number" && depth < 0) return name;
    return view(name, this.toJSON());
  }
}

class PerformanceMark extends PerformanceEntry {
  #detail: unknown;
  constructor(name: string, options?: { startTime?: number; detail?: unknown }) {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "name" argument must be specified');
    const start = options?.startTime ?? native.now();
    if (typeof start !== "number") {
      throw nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "options.startTime" property must be of type number.${received(start)}`);
    }
    if (start < 0) throw nodeError(TypeError, "ERR_PERFORMANCE_INVALID_TIMESTAMP", `${start} is not a valid timestamp`);
    super(ENTRY, `${name}`, "mark", start, 0);
    const detail = options?.detail;
    this.#detail = detail === undefined ? null : structuredClone(detail);
  }
  get detail() {
    return this.#detail;
  }
  toJSON() {
    return { ...super.toJSON(), detail: this.#detail };
  }
}

class PerformanceMeasure extends PerformanceEntry {
  #detail: unknown;
  constructor(key?: symbol, name?: string, start?: number, duration?: number, detail?: unknown) {
    super(key, name, "measure", start, duration);
    this.#detail = detail;
  }
  get detail() {
    return this.#detail;
  }
  toJSON() {
    return { ...super.toJSON(), detail: this.#detail };
  }
}

for (const C of [PerformanceEntry, PerformanceMark, PerformanceMeasure]) {
  Object.defineProperty(C.prototype, toStringTag, { value: C.name, configurable: true });
}

const PERFORMANCE = Symbol("Performance");

class Performance extends EventTarget {
  #entries: PerformanceEntry[] = [];

  constructor(key?: symbol) {
    if (key !== PERFORMANCE) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
    super();
  }

  now(): number {
    return native.now();
  }
  get timeOrigin(): number {
    return native.timeOrigin;
  }

  mark(name: string, options?: { startTime?: number; detail?: unknown }): PerformanceMark {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "name" argument must be specified');
    const mark = new PerformanceMark(name, options);
    this.#entries.push(mark);
    return mark;
  }

  /** A mark's time by name (the latest of that name), or a number as it is. */
  #time(mark: string | number | undefined, what: string): number | undefined {
    if (mark === undefined) return undefined;
    if (typeof mark === "number") {
      if (mark < 0) throw nodeError(TypeError, "ERR_PERFORMANCE_INVALID_TIMESTAMP", `${mark} is not a valid timestamp`);
      return mark;
    }
    for (let i = this.#entries.length - 1; i >= 0; i--) {
      const e = this.#entries[i];
      if (e.entryType === "mark" && e.name === `${mark}`) return e.startTime;
    }
    void what;
    throw new DOMException(`The "${mark}" performance mark has not been set`, "SyntaxError");
  }

  measure(name: string, startOrOptions?: string | number | { start?: string | number; end?: string | number; duration?: number; detail?: unknown }, endMark?: string | number): PerformanceMeasure {
    if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "name" argument must be specified');
    let start: number | undefined;
    let end: number | undefined;
    let detail: unknown = null;
    if (startOrOptions !== null && typeof startOrOptions === "object") {
      const o = startOrOptions;
      start = this.#time(o.start, "start");
      end = this.#time(o.end, "end");
      if (o.duration !== undefined) {
        if (start !== undefined && end === undefined) end = start + o.duration;
        else if (end !== undefined && start === undefined) start = end - o.duration;
      }
      if (o.detail !== undefined) detail = structuredClone(o.detail);
    } else {
      start = this.#time(startOrOptions, "start");
      end = this.#time(endMark, "end");
    }
    start ??= 0;
    end ??= native.now();
    const measure = new PerformanceMeasure(ENTRY, `${name}`, start, end - start, detail);
    this.#entries.push(measure);
    return measure;
  }

  getEntries(): PerformanceEntry[] {
    return this.#entries.slice().sort((a, b) => a.startTime - b.startTime);
  }
  getEntriesByName(name: string, type?: string): PerformanceEntry[] {
    return this.getEntries().filter((e) => e.name === `${name}` && (type === undefined || e.entryType === type));
  }
  getEntriesByType(type: string): PerformanceEntry[] {
    return this.getEntries().filter((e) => e.entryType === `${type}`);
  }
  clearMarks(name?: string) {
    this.#entries = this.#entries.filter((e) => e.entryType !== "mark" || (name !== undefined && e.name !== `${name}`));
  }
  clearMeasures(name?: string) {
    this.#entries = this.#entries.filter((e) => e.entryType !== "measure" || (name !== undefined && e.name !== `${name}`));
  }
  toJSON() {
    return { timeOrigin: native.timeOrigin };
  }
  [inspectCustom](depth: number | null) {
    if (typeof depth === "number" && depth < 0) return "Performance";
    return view("Performance", { timeOrigin: native.timeOrigin });
  }
}
Object.defineProperty(Performance.prototype, toStringTag, { value: "Performance", configurable: true });

// atob and btoa: the HTML standard's forgiving base64, with Node 20's errors.
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DECODE = new Int16Array(128).fill(-1);
for (let i = 0; i < 64; i++) DECODE[BASE64.charCodeAt(i)] = i;

function atob(input: string): string {
  if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "input" argument must be specified');
  const s = `${input}`;
  const digits: number[] = [];
  let padding = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d) continue;
    if (c === 0x3d) {
      padding++;
      continue;
    }
    const d = c < 128 ? DECODE[c] : -1;
    if (d < 0 || padding > 0) throw new DOMException("Invalid character", "InvalidCharacterError");
    digits.push(d);
  }
  // Padding only completes the last group to four characters.
  if (padding > 0 && (padding > 2 || (digits.length + padding) % 4 !== 0)) throw new DOMException("Invalid character", "InvalidCharacterError");
  if (digits.length % 4 === 1) throw new DOMException("The string to be decoded is not correctly encoded.", "InvalidCharacterError");
  let out = "";
  let bits = 0;
  let acc = 0;
  for (const d of digits) {
    acc = (acc << 6) | d;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((acc >> bits) & 0xff);
    }
  }
  return out;
}

function btoa(input: string): string {
  if (arguments.length === 0) throw nodeError(TypeError, "ERR_MISSING_ARGS", 'The "input" argument must be specified');
  const s = `${input}`;
  let out = "";
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : 0;
    if (a > 0xff || b > 0xff || c > 0xff) throw new DOMException("Invalid character", "InvalidCharacterError");
    const n = (a << 16) | (b << 8) | c;
    out += BASE64[n >> 18] + BASE64[(n >> 12) & 63];
    out += i + 1 < s.length ? BASE64[(n >> 6) & 63] : "=";
    out += i + 2 < s.length ? BASE64[n & 63] : "=";
  }
  return out;
}

// navigator, as Node 21 has it, naming Perry.
const NAVIGATOR = Symbol("Navigator");
class Navigator {
  constructor(key?: symbol) {
    if (key !== NAVIGATOR) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
  }
  get hardwareConcurrency(): number {
    return native.hardwareConcurrency;
  }
  get language(): string {
    return "en-US";
  }
  get languages(): readonly string[] {
    return ["en-US"];
  }
  get platform(): string {
    return process.platform;
  }
  get userAgent(): string {
    return `Perry/${(process.versions as any).perry}`;
  }
}
Object.defineProperty(Navigator.prototype, toStringTag, { value: "Navigator", configurable: true });

define("Event", Event);
define("CustomEvent", CustomEvent);
define("EventTarget", EventTarget);
define("AbortSignal", AbortSignal);
define("AbortController", AbortController);
define("PerformanceEntry", PerformanceEntry);
define("PerformanceMark", PerformanceMark);
define("PerformanceMeasure", PerformanceMeasure);
define("Performance", Performance);
define("performance", new Performance(PERFORMANCE));
define("atob", atob);
define("btoa", btoa);
define("Navigator", Navigator);
define("navigator", new Navigator(NAVIGATOR));

export { AbortController, AbortSignal, CustomEvent, Event, EventTarget, atob, btoa };
