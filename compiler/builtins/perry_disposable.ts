// perry:disposable: the globals of explicit resource management that Node 20 lacks and a
// program may name: SuppressedError, DisposableStack and AsyncDisposableStack (ECMAScript
// 2026, 27.3 and 27.4). The module graph evaluates this module first when some module's
// source names one of them (`modules::Graph::finish`).

function define(name: string, value: unknown) {
  Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
}

function hidden(o: object, key: PropertyKey, value: unknown) {
  Object.defineProperty(o, key, { value, writable: true, configurable: true, enumerable: false });
}

class SuppressedError extends Error {
  declare error: unknown;
  declare suppressed: unknown;
  constructor(error: unknown, suppressed: unknown, message?: string) {
    super(message === undefined ? undefined : String(message));
    hidden(this, "error", error);
    hidden(this, "suppressed", suppressed);
  }
}
hidden(SuppressedError.prototype, "name", "SuppressedError");

const DISPOSAL = "An error was suppressed during disposal.";

/** A resource record: `use` (call `f` on `v`), `adopt` (call `f(v)`), `defer` (call `f()`). */
interface Resource {
  kind: 0 | 1 | 2;
  v: unknown;
  f: Function;
}

function call(r: Resource): unknown {
  return r.kind === 0 ? r.f.call(r.v) : r.kind === 1 ? r.f(r.v) : r.f();
}

function callable(f: unknown, what: string): Function {
  if (typeof f !== "function") throw new TypeError(`${what} is not a function`);
  return f;
}

class DisposableStack {
  #disposed = false;
  #stack: Resource[] = [];

  #live(): void {
    if (this.#disposed) throw new ReferenceError("DisposableStack already disposed");
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  use<T>(value: T): T {
    this.#live();
    if (value !== null && value !== undefined) {
      if (typeof value !== "object" && typeof value !== "function") throw new TypeError("using declarations can only be used with objects, functions, null, or undefined.");
      const f = (value as any)[Symbol.dispose];
      if (typeof f !== "function") throw new TypeError("Object is not disposable.");
      this.#stack.push({ kind: 0, v: value, f });
    }
    return value;
  }

  adopt<T>(value: T, onDispose: (value: T) => void): T {
    this.#live();
    this.#stack.push({ kind: 1, v: value, f: callable(onDispose, "onDispose") });
    return value;
  }

  defer(onDispose: () => void): void {
    this.#live();
    this.#stack.push({ kind: 2, v: undefined, f: callable(onDispose, "onDispose") });
  }

  move(): DisposableStack {
    this.#live();
    const next = new DisposableStack();
    next.#stack = this.#stack;
    this.#stack = [];
    this.#disposed = true;
    return next;
  }

  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    const stack = this.#stack;
    this.#stack = [];
    let error: unknown;
    let failed = false;
    for (let i = stack.length - 1; i >= 0; i--) {
      try {
        call(stack[i]);
      } catch (e) {
        error = failed ? new SuppressedError(e, error, DISPOSAL) : e;
        failed = true;
      }
    }
    if (failed) throw error;
  }
}
hidden(DisposableStack.prototype, Symbol.dispose, DisposableStack.prototype.dispose);
Object.defineProperty(DisposableStack.prototype, Symbol.toStringTag, { value: "DisposableStack", configurable: true });

class AsyncDisposableStack {
  #disposed = false;
  #stack: Resource[] = [];

  #live(): void {
    if (this.#disposed) throw new ReferenceError("AsyncDisposableStack already disposed");
  }

  get disposed(): boolean {
    return this.#disposed;
  }

  use<T>(value: T): T {
    this.#live();
    if (value !== null && value !== undefined) {
      if (typeof value !== "object" && typeof value !== "function") throw new TypeError("using declarations can only be used with objects, functions, null, or undefined.");
      let f = (value as any)[Symbol.asyncDispose];
      if (f === undefined) {
        const sync = (value as any)[Symbol.dispose];
        if (typeof sync === "function") {
          f = function (this: unknown) {
            sync.call(this);
          };
        }
      }
      if (typeof f !== "function") throw new TypeError("Object is not async disposable.");
      this.#stack.push({ kind: 0, v: value, f });
    }
    return value;
  }

  adopt<T>(value: T, onDisposeAsync: (value: T) => unknown): T {
    this.#live();
    this.#stack.push({ kind: 1, v: value, f: callable(onDisposeAsync, "onDisposeAsync") });
    return value;
  }

  defer(onDisposeAsync: () => unknown): void {
    this.#live();
    this.#stack.push({ kind: 2, v: undefined, f: callable(onDisposeAsync, "onDisposeAsync") });
  }

  move(): AsyncDisposableStack {
    this.#live();
    const next = new AsyncDisposableStack();
    next.#stack = this.#stack;
    this.#stack = [];
    this.#disposed = true;
    return next;
  }

  async disposeAsync(): Promise<void> {
    if (this.#disposed) return;
    this.#disposed = true;
    const stack = this.#stack;
    this.#stack = [];
    let error: unknown;
    let failed = false;
    for (let i = stack.length - 1; i >= 0; i--) {
      try {
        await call(stack[i]);
      } catch (e) {
        error = failed ? new SuppressedError(e, error, DISPOSAL) : e;
        failed = true;
      }
    }
    if (failed) throw error;
  }
}
hidden(AsyncDisposableStack.prototype, Symbol.asyncDispose, AsyncDisposableStack.prototype.disposeAsync);
Object.defineProperty(AsyncDisposableStack.prototype, Symbol.toStringTag, { value: "AsyncDisposableStack", configurable: true });

define("SuppressedError", SuppressedError);
define("DisposableStack", DisposableStack);
define("AsyncDisposableStack", AsyncDisposableStack);
