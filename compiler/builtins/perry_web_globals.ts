// perry:web-globals: small Web platform globals as Node 20 has them: `performance` (now,
// timeOrigin, marks and measures), `atob`/`btoa`, and `navigator` (Node 21's, naming Perry);
// and the helpers perry:web-events and perry:web-crypto share. The module graph evaluates this
// module first when some module's source names one of them (`modules::Graph::finish`), and it
// defines them on globalThis. (Node's `performance` is also an EventTarget; this one is not,
// so that a program naming `performance` does not carry the events module.)

export function define(name: string, value: unknown) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

/** An error with Node's `code` (ERR_*). */
export function nodeError(Ctor: ErrorConstructor, code: string, message: string): Error {
  const e: any = new Ctor(message);
  e.code = code;
  return e;
}

/** Node's description of a value in an ERR_INVALID_ARG_TYPE message ("Received ..."). */
export function received(v: unknown): string {
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
export function view(name: string, fields: object): object {
  const V = { [name]: class {} }[name];
  Object.defineProperty(V, "name", { value: name });
  return Object.assign(new V(), fields);
}

/** performance.now()'s clock (milliseconds since the process started), and the processor count. */
export const native: { now(): number; timeOrigin: number; hardwareConcurrency: number } = __perry_native("web-globals");

export const inspectCustom = Symbol.for("nodejs.util.inspect.custom");
export const toStringTag = Symbol.toStringTag;

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

class Performance {
  #entries: PerformanceEntry[] = [];

  constructor(key?: symbol) {
    if (key !== PERFORMANCE) throw nodeError(TypeError, "ERR_ILLEGAL_CONSTRUCTOR", "Illegal constructor");
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

define("PerformanceEntry", PerformanceEntry);
define("PerformanceMark", PerformanceMark);
define("PerformanceMeasure", PerformanceMeasure);
define("Performance", Performance);
define("performance", new Performance(PERFORMANCE));
define("atob", atob);
define("btoa", btoa);
define("Navigator", Navigator);
define("navigator", new Navigator(NAVIGATOR));

export { atob, btoa };
