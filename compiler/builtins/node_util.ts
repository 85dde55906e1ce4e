// node:util: inspect and format (the formatter console.log uses, native), and the rest in
// TypeScript: inherits, promisify, callbackify, deprecate, types, isDeepStrictEqual, the legacy
// is* predicates, TextEncoder/TextDecoder, stripVTControlCharacters.
const native: any = __perry_native("util");

function argType(name: string, type: string, v: unknown): TypeError {
  const got = v === null || v === undefined ? String(v) : `type ${typeof v} (${String(v)})`;
  const e = new TypeError(`The "${name}" argument must be of type ${type}. Received ${got}`);
  (e as any).code = "ERR_INVALID_ARG_TYPE";
  return e;
}

const customInspect = Symbol.for("nodejs.util.inspect.custom");
const customPromisify = Symbol.for("nodejs.util.promisify.custom");

export function inspect(value: unknown, opts?: any, depth?: unknown): string {
  // The legacy form inspect(value, showHidden, depth).
  const o = typeof opts === "object" && opts !== null ? opts : { showHidden: opts === true, depth: depth === undefined ? 2 : depth };
  return native.inspect(value, o);
}
inspect.custom = customInspect;
inspect.defaultOptions = { showHidden: false, depth: 2, colors: false, compact: 3, breakLength: 80, maxArrayLength: 100, maxStringLength: 10000 };

export const format: (...args: unknown[]) => string = native.format;

export function formatWithOptions(opts: object, ...args: unknown[]): string {
  if (typeof opts !== "object" || opts === null) throw argType("inspectOptions", "object", opts);
  return native.format(...args);
}

export function inherits(ctor: any, superCtor: any): void {
  if (typeof ctor !== "function") throw argType("ctor", "function", ctor);
  if (typeof superCtor !== "function") throw argType("superCtor", "function", superCtor);
  if (superCtor.prototype === undefined) throw argType("superCtor.prototype", "object", superCtor.prototype);
  Object.defineProperty(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  Object.setPrototypeOf(ctor.prototype, superCtor.prototype);
}

export function promisify(original: any): any {
  if (typeof original !== "function") throw argType("original", "function", original);
  if (original[customPromisify]) {
    const fn = original[customPromisify];
    if (typeof fn !== "function") throw argType("util.promisify.custom", "function", fn);
    return fn;
  }
  function fn(this: unknown, ...args: unknown[]) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err: unknown, ...values: unknown[]) => {
        if (err) reject(err);
        else resolve(values[0]);
      });
    });
  }
  Object.setPrototypeOf(fn, Object.getPrototypeOf(original));
  Object.defineProperty(fn, customPromisify, { value: fn, configurable: true });
  return Object.defineProperties(fn, Object.getOwnPropertyDescriptors(original));
}
promisify.custom = customPromisify;

export function callbackify(original: any): any {
  if (typeof original !== "function") throw argType("original", "function", original);
  return function (this: unknown, ...args: any[]) {
    const cb = args.pop();
    if (typeof cb !== "function") throw argType("last argument", "function", cb);
    original.apply(this, args).then(
      (v: unknown) => process.nextTick(cb, null, v),
      (e: unknown) => {
        let err: any = e;
        if (!e) {
          err = new Error("Promise was rejected with a falsy value");
          err.code = "ERR_FALSY_VALUE_REJECTION";
          err.reason = e;
        }
        process.nextTick(cb, err);
      },
    );
  };
}

const warned = new Set<string>();

export function deprecate(fn: any, msg: string, code?: string): any {
  if (typeof fn !== "function") throw argType("fn", "function", fn);
  let done = false;
  return function (this: unknown, ...args: unknown[]) {
    if (!done && !(code !== undefined && warned.has(code))) {
      done = true;
      if (code !== undefined) warned.add(code);
      console.error(`(node:${process.pid}) ${code ? `[${code}] ` : ""}DeprecationWarning: ${msg}`);
    }
    return new.target ? Reflect.construct(fn, args, new.target) : fn.apply(this, args);
  };
}

const tag = (v: unknown) => Object.prototype.toString.call(v).slice(8, -1);
const typedArray = Object.getPrototypeOf(Uint8Array);
export const types = {
  isDate: (v: unknown) => v instanceof Date,
  isRegExp: (v: unknown) => v instanceof RegExp,
  isMap: (v: unknown) => v instanceof Map,
  isSet: (v: unknown) => v instanceof Set,
  isWeakMap: (v: unknown) => v instanceof WeakMap,
  isWeakSet: (v: unknown) => v instanceof WeakSet,
  isPromise: (v: unknown) => v instanceof Promise,
  isNativeError: (v: unknown) => v instanceof Error,
  isArrayBuffer: (v: unknown) => v instanceof ArrayBuffer,
  isAnyArrayBuffer: (v: unknown) => v instanceof ArrayBuffer || tag(v) === "SharedArrayBuffer",
  isDataView: (v: unknown) => v instanceof DataView,
  isTypedArray: (v: unknown) => v instanceof typedArray,
  isUint8Array: (v: unknown) => v instanceof Uint8Array,
  isArrayBufferView: (v: unknown) => ArrayBuffer.isView(v),
  isAsyncFunction: (v: unknown) => typeof v === "function" && tag(v) === "AsyncFunction" || tag(v) === "AsyncGeneratorFunction",
  isGeneratorFunction: (v: unknown) => typeof v === "function" && (tag(v) === "GeneratorFunction" || tag(v) === "AsyncGeneratorFunction"),
  isGeneratorObject: (v: unknown) => tag(v) === "Generator",
  isBoxedPrimitive: (v: unknown) =>
    typeof v === "object" && v !== null && (v instanceof Number || v instanceof String || v instanceof Boolean || v instanceof Symbol || v instanceof BigInt),
  isSymbolObject: (v: unknown) => typeof v === "object" && v instanceof Symbol,
};

function deepEqual(a: any, b: any, seen: Map<object, object>): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (tag(a) !== tag(b)) return false;
  if (seen.get(a) === b) return true;
  seen.set(a, b);
  if (a instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp) return a.source === b.source && a.flags === b.flags && a.lastIndex === b.lastIndex;
  if (a instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
  if (ArrayBuffer.isView(a)) {
    const x = a as unknown as ArrayLike<unknown>;
    const y = b as unknown as ArrayLike<unknown>;
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return false;
  }
  if (a instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a) if (!b.has(k) || !deepEqual(v, b.get(k), seen)) return false;
  }
  if (a instanceof Set) {
    if (a.size !== b.size) return false;
    for (const v of a) {
      if (b.has(v)) continue;
      if (typeof v !== "object" || v === null) return false;
      let found = false;
      for (const w of b) if (deepEqual(v, w, seen)) found = true;
      if (!found) return false;
    }
  }
  const ka = Reflect.ownKeys(a).filter((k) => Object.prototype.propertyIsEnumerable.call(a, k));
  const kb = Reflect.ownKeys(b).filter((k) => Object.prototype.propertyIsEnumerable.call(b, k));
  if (ka.length !== kb.length) return false;
  for (const k of ka) {
    if (!Object.prototype.propertyIsEnumerable.call(b, k) || !deepEqual(a[k], b[k], seen)) return false;
  }
  return true;
}

export function isDeepStrictEqual(a: unknown, b: unknown): boolean {
  return deepEqual(a, b, new Map());
}

export function stripVTControlCharacters(s: string): string {
  if (typeof s !== "string") throw argType("str", "string", s);
  // ANSI escape sequences (CSI and OSC), as Node's pattern.
  return s.replace(/[\u001B\u009B][[\]()#;?]*(?:(?:(?:(?:;[-a-zA-Z\d\/#&.:=?%@~_]+)*|[a-zA-Z\d]+(?:;[-a-zA-Z\d\/#&.:=?%@~_]*)*)?\u0007)|(?:(?:\d{1,4}(?:;\d{0,4})*)?[\dA-PR-TZcf-ntqry=><~]))/g, "");
}

export function toUSVString(s: string): string {
  return String(s).toWellFormed();
}

export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;

// The legacy predicates (deprecated in Node, still there).
export const isArray = Array.isArray;
export const isBoolean = (v: unknown) => typeof v === "boolean";
export const isNull = (v: unknown) => v === null;
export const isNullOrUndefined = (v: unknown) => v === null || v === undefined;
export const isNumber = (v: unknown) => typeof v === "number";
export const isString = (v: unknown) => typeof v === "string";
export const isSymbol = (v: unknown) => typeof v === "symbol";
export const isUndefined = (v: unknown) => v === undefined;
export const isRegExp = types.isRegExp;
export const isObject = (v: unknown) => v !== null && typeof v === "object";
export const isDate = types.isDate;
export const isError = (v: unknown) => v instanceof Error;
export const isFunction = (v: unknown) => typeof v === "function";
export const isPrimitive = (v: unknown) => v === null || (typeof v !== "object" && typeof v !== "function");

export default {
  inspect,
  format,
  formatWithOptions,
  inherits,
  promisify,
  callbackify,
  deprecate,
  types,
  isDeepStrictEqual,
  stripVTControlCharacters,
  toUSVString,
  TextEncoder,
  TextDecoder,
  isArray,
  isBoolean,
  isNull,
  isNullOrUndefined,
  isNumber,
  isString,
  isSymbol,
  isUndefined,
  isRegExp,
  isObject,
  isDate,
  isError,
  isFunction,
  isPrimitive,
};
