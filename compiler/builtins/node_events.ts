// node:events: EventEmitter as Node's documentation describes it (listeners in order, `once`
// wrappers, the 'error' event that throws without a listener, 'newListener' and
// 'removeListener', the max-listeners warning, `errorMonitor`), and the static helpers `once`
// and `listenerCount`. Not implemented: `captureRejections`, `EventEmitterAsyncResource`,
// `on` (the async iterator) and `EventTarget` interop (`getEventListeners`).

type Listener = (...args: any[]) => unknown;

const kOnce = Symbol("once wrapper");

export const errorMonitor: unique symbol = Symbol("events.errorMonitor") as any;

function checkListener(listener: unknown): asserts listener is Listener {
  if (typeof listener !== "function") {
    const got = listener === null || listener === undefined ? String(listener) : `type ${typeof listener} (${String(listener)})`;
    throw Object.assign(new TypeError(`The "listener" argument must be of type function. Received ${got}`), { code: "ERR_INVALID_ARG_TYPE" });
  }
}

let defaultMaxListeners = 10;

// The listeners of an emitter by event name (made on first use, as an emitter made by a
// subclass constructor that never called EventEmitter has none).
function mapOf(e: EventEmitterClass): Map<string | symbol, Listener[]> {
  if (e._events === undefined) e._events = new Map();
  return e._events;
}

class EventEmitterClass {
  _events: Map<string | symbol, Listener[]> | undefined;
  _maxListeners: number | undefined;

  static get defaultMaxListeners(): number {
    return defaultMaxListeners;
  }
  static set defaultMaxListeners(n: number) {
    if (typeof n !== "number" || n < 0 || Number.isNaN(n)) {
      throw Object.assign(new RangeError(`The value of "defaultMaxListeners" is out of range. It must be a non-negative number. Received ${String(n)}`), {
        code: "ERR_OUT_OF_RANGE",
      });
    }
    defaultMaxListeners = n;
  }

  static readonly errorMonitor = errorMonitor;

  constructor(_options?: object) {
    EventEmitterClass.init.call(this);
  }

  static init(this: EventEmitterClass): void {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) this._events = new Map();
    this._maxListeners = this._maxListeners || undefined;
  }

  setMaxListeners(n: number): this {
    if (typeof n !== "number" || n < 0 || Number.isNaN(n)) {
      throw Object.assign(new RangeError(`The value of "n" is out of range. It must be a non-negative number. Received ${String(n)}`), { code: "ERR_OUT_OF_RANGE" });
    }
    this._maxListeners = n;
    return this;
  }

  getMaxListeners(): number {
    return this._maxListeners === undefined ? defaultMaxListeners : this._maxListeners;
  }

  emit(name: string | symbol, ...args: unknown[]): boolean {
    const map = mapOf(this);
    if (name === "error") {
      const monitors = map.get(errorMonitor);
      if (monitors) for (const l of monitors.slice()) l.apply(this, args);
    }
    const list = map.get(name);
    if (list === undefined || list.length === 0) {
      if (name === "error") {
        const er = args[0];
        if (er instanceof Error) throw er;
        const err = new Error(`Unhandled error. (${typeof er === "string" ? `'${er}'` : String(er)})`);
        (err as any).code = "ERR_UNHANDLED_ERROR";
        (err as any).context = er;
        throw err;
      }
      return false;
    }
    for (const l of list.slice()) l.apply(this, args);
    return true;
  }

  on(name: string | symbol, listener: Listener): this {
    return add(this, name, listener, false);
  }
  addListener(name: string | symbol, listener: Listener): this {
    return add(this, name, listener, false);
  }
  prependListener(name: string | symbol, listener: Listener): this {
    return add(this, name, listener, true);
  }

  once(name: string | symbol, listener: Listener): this {
    return add(this, name, wrap(this, name, listener), false);
  }
  prependOnceListener(name: string | symbol, listener: Listener): this {
    return add(this, name, wrap(this, name, listener), true);
  }

  removeListener(name: string | symbol, listener: Listener): this {
    checkListener(listener);
    const map = mapOf(this);
    const list = map.get(name);
    if (list === undefined) return this;
    for (let i = list.length - 1; i >= 0; i--) {
      const l = list[i];
      if (l === listener || (l as any)[kOnce] === listener) {
        list.splice(i, 1);
        if (list.length === 0) map.delete(name);
        if (map.has("removeListener")) this.emit("removeListener", name, (l as any)[kOnce] ?? l);
        break;
      }
    }
    return this;
  }
  off(name: string | symbol, listener: Listener): this {
    return this.removeListener(name, listener);
  }

  removeAllListeners(name?: string | symbol): this {
    const map = mapOf(this);
    if (name === undefined) {
      for (const key of [...map.keys()]) if (key !== "removeListener") this.removeAllListeners(key);
      this.removeAllListeners("removeListener");
      return this;
    }
    const list = map.get(name);
    if (list === undefined) return this;
    if (map.has("removeListener") && name !== "removeListener") {
      for (let i = list.length - 1; i >= 0; i--) this.removeListener(name, list[i]);
    } else {
      map.delete(name);
    }
    return this;
  }

  listeners(name: string | symbol): Listener[] {
    return (mapOf(this).get(name) ?? []).map((l) => (l as any)[kOnce] ?? l);
  }
  rawListeners(name: string | symbol): Listener[] {
    return (mapOf(this).get(name) ?? []).slice();
  }
  listenerCount(name: string | symbol, listener?: Listener): number {
    const list = mapOf(this).get(name) ?? [];
    if (listener === undefined) return list.length;
    return list.filter((l) => l === listener || (l as any)[kOnce] === listener).length;
  }
  eventNames(): (string | symbol)[] {
    return [...mapOf(this).keys()];
  }

  static listenerCount(emitter: EventEmitterClass, name: string | symbol): number {
    return emitter.listenerCount(name);
  }

  static once(emitter: EventEmitterClass, name: string | symbol): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const onError = (err: unknown) => {
        emitter.removeListener(name, onEvent);
        reject(err);
      };
      const onEvent = (...args: unknown[]) => {
        if (name !== "error") emitter.removeListener("error", onError);
        resolve(args);
      };
      emitter.once(name, onEvent);
      if (name !== "error") emitter.once("error", onError);
    });
  }
}

function add<T extends EventEmitterClass>(self: T, name: string | symbol, listener: Listener, prepend: boolean): T {
  checkListener(listener);
  const map = mapOf(self);
  if (map.has("newListener")) self.emit("newListener", name, (listener as any)[kOnce] ?? listener);
  let list = map.get(name);
  if (list === undefined) {
    list = [];
    map.set(name, list);
  }
  if (prepend) list.unshift(listener);
  else list.push(listener);
  const max = self.getMaxListeners();
  if (max > 0 && list.length > max && !(list as any).warned) {
    (list as any).warned = true;
    const what = typeof name === "symbol" ? name.toString() : name;
    console.error(
      `(node:${process.pid}) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. ${list.length} ${what} listeners added to [${self.constructor.name}]. MaxListeners is ${max}. Use emitter.setMaxListeners() to increase limit`,
    );
  }
  return self;
}

function wrap(self: EventEmitterClass, name: string | symbol, listener: Listener): Listener {
  checkListener(listener);
  let fired = false;
  const wrapper = function (this: unknown, ...args: unknown[]) {
    if (fired) return undefined;
    fired = true;
    self.removeListener(name, wrapper);
    return listener.apply(self, args);
  };
  (wrapper as any)[kOnce] = listener;
  (wrapper as any).listener = listener;
  return wrapper;
}

// EventEmitter is a function, as in Node: CommonJS code calls it on `this` without `new`
// (`EventEmitter.call(this)` in a constructor function, after `util.inherits`).
export type EventEmitter = EventEmitterClass;
export const EventEmitter: typeof EventEmitterClass = function EventEmitter(this: any, _options?: object) {
  EventEmitterClass.init.call(this);
} as any;
for (const key of Reflect.ownKeys(EventEmitterClass)) {
  if (key !== "prototype" && key !== "length" && key !== "name") Object.defineProperty(EventEmitter, key, Object.getOwnPropertyDescriptor(EventEmitterClass, key)!);
}
Object.defineProperty(EventEmitter, "prototype", { value: EventEmitterClass.prototype, writable: false });
Object.defineProperty(EventEmitterClass.prototype, "constructor", { value: EventEmitter, writable: true, configurable: true });

(EventEmitter as any).EventEmitter = EventEmitter;
(EventEmitter as any).default = EventEmitter;

export const once = EventEmitterClass.once;
export const listenerCount = EventEmitterClass.listenerCount;

export function setMaxListeners(n: number, ...targets: EventEmitterClass[]): void {
  if (targets.length === 0) EventEmitterClass.defaultMaxListeners = n;
  for (const t of targets) t.setMaxListeners(n);
}

export function getMaxListeners(emitter: EventEmitterClass): number {
  return emitter.getMaxListeners();
}

export default EventEmitter;
