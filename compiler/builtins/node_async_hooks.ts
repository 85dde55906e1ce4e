// node:async_hooks: AsyncLocalStorage and AsyncResource, as in Node 20
// (lib/async_hooks.js). Node keeps a store on the current async resource;
// the runtime keeps the current stores as one context value and gives every
// promise, await, job, timer, immediate and tick the context current where it
// was made (stdlib async_context.rs). This module is Node's JavaScript layer
// over it: `get`/`set` read and write the current resource's store of a key,
// `setEnabled` is membership of Node's storageList (only enabled instances'
// stores are copied into new resources), `resource()` makes an
// AsyncResource's runner.

type Native = {
  newKey(): unknown;
  get(key: unknown): unknown;
  set(key: unknown, store: unknown): void;
  setEnabled(key: unknown, on: boolean): void;
  resource(): (fn: Function, thisArg: unknown, args: unknown[]) => unknown;
  invalidArgType(name: string, type: string, value: unknown): Error;
};

const native: Native = __perry_native("async_hooks");

export class AsyncResource {
  #run: (fn: Function, thisArg: unknown, args: unknown[]) => unknown;

  constructor(type: string, opts: any = {}) {
    if (typeof type !== "string") throw native.invalidArgType("type", "string", type);
    // Async ids are not kept; the option is checked as Node checks it.
    const trigger = typeof opts === "number" ? opts : opts.triggerAsyncId;
    if (trigger !== undefined && (!Number.isSafeInteger(trigger) || trigger < -1)) {
      const e: any = new RangeError(`Invalid triggerAsyncId value: ${trigger}`);
      e.code = "ERR_INVALID_ASYNC_ID";
      throw e;
    }
    this.#run = native.resource();
  }

  runInAsyncScope(fn: Function, thisArg?: unknown, ...args: unknown[]): any {
    if (typeof fn !== "function") return Reflect.apply(fn, thisArg, args);
    return this.#run(fn, thisArg, args);
  }

  emitDestroy(): this {
    return this;
  }

  bind(fn: Function, thisArg?: unknown): any {
    if (typeof fn !== "function") throw native.invalidArgType("fn", "function", fn);
    let bound: any;
    if (thisArg === undefined) {
      const resource = this;
      bound = function (this: unknown, ...args: unknown[]) {
        args.unshift(fn, this);
        return Reflect.apply(resource.runInAsyncScope, resource, args);
      };
    } else {
      bound = Function.prototype.bind.call(this.runInAsyncScope, this, fn, thisArg);
    }
    let self: AsyncResource = this;
    Object.defineProperties(bound, {
      length: { configurable: true, enumerable: false, value: fn.length, writable: false },
      asyncResource: {
        configurable: true,
        enumerable: true,
        get() {
          return self;
        },
        set(v: AsyncResource) {
          self = v;
        },
      },
    });
    return bound;
  }

  static bind(fn: Function, type?: string, thisArg?: unknown): any {
    type = type || fn.name;
    return new AsyncResource(type || "bound-anonymous-fn").bind(fn, thisArg);
  }
}

export class AsyncLocalStorage<T = any> {
  #key: unknown = native.newKey();
  kResourceStore: symbol;
  enabled: boolean;

  constructor() {
    this.kResourceStore = Symbol("kResourceStore");
    this.enabled = false;
  }

  static bind<F extends Function>(fn: F): F {
    return AsyncResource.bind(fn);
  }

  static snapshot(): <R>(fn: (...args: any[]) => R, ...args: any[]) => R {
    return AsyncLocalStorage.bind((cb: Function, ...args: unknown[]) => cb(...args));
  }

  disable(): void {
    if (this.enabled) {
      this.enabled = false;
      native.setEnabled(this.#key, false);
    }
  }

  _enable(): void {
    if (!this.enabled) {
      this.enabled = true;
      native.setEnabled(this.#key, true);
    }
  }

  enterWith(store: T): void {
    this._enable();
    native.set(this.#key, store);
  }

  run<R>(store: T, callback: (...args: any[]) => R, ...args: any[]): R {
    // No new context when the store is already the current one.
    if (Object.is(store, this.getStore())) return Reflect.apply(callback, null, args);
    this._enable();
    const key = this.#key;
    const oldStore = native.get(key);
    native.set(key, store);
    try {
      return Reflect.apply(callback, null, args);
    } finally {
      native.set(key, oldStore);
    }
  }

  exit<R>(callback: (...args: any[]) => R, ...args: any[]): R {
    if (!this.enabled) return Reflect.apply(callback, null, args);
    this.disable();
    try {
      return Reflect.apply(callback, null, args);
    } finally {
      this._enable();
    }
  }

  getStore(): T | undefined {
    if (this.enabled) return native.get(this.#key) as T | undefined;
    return undefined;
  }
}

export default { AsyncLocalStorage, AsyncResource };
