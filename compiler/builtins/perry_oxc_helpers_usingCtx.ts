// perry:oxc/helpers/usingCtx: the resources of one block with `using`/`await using`
// declarations (ECMAScript's explicit resource management): `u(value)` and `a(value)` add a
// resource, `e` is set to the block's error, `d()` disposes in reverse order, combining errors
// into SuppressedErrors (a promise for `await using`). oxc's transformer emits calls to it.
function suppressed(error: unknown, suppressedError: unknown): Error {
  const S = (globalThis as any).SuppressedError;
  if (typeof S === "function") return new S(error, suppressedError);
  const e: any = new Error("An error was suppressed during disposal.");
  e.name = "SuppressedError";
  e.error = error;
  e.suppressed = suppressedError;
  return e;
}

interface Resource {
  v?: unknown;
  d?: Function;
  a: boolean;
}

export default function usingCtx() {
  const empty = {};
  const stack: Resource[] = [];
  const dispose = Symbol.dispose ?? Symbol.for("Symbol.dispose");
  const asyncDispose = Symbol.asyncDispose ?? Symbol.for("Symbol.asyncDispose");
  function use(isAwait: boolean, value: any) {
    if (value != null) {
      if (Object(value) !== value) throw new TypeError("using declarations can only be used with objects, functions, null, or undefined.");
      let d: any;
      let inner: any;
      if (isAwait) d = value[asyncDispose];
      if (d === undefined) {
        d = value[dispose];
        if (isAwait) inner = d;
      }
      if (typeof d !== "function") throw new TypeError("Object is not disposable.");
      if (inner) {
        d = function (this: unknown) {
          try {
            inner.call(value);
          } catch (e) {
            return Promise.reject(e);
          }
        };
      }
      stack.push({ v: value, d, a: isAwait });
    } else if (isAwait) {
      stack.push({ a: isAwait });
    }
    return value;
  }
  return {
    e: empty as unknown,
    u: (value: unknown) => use(false, value),
    a: (value: unknown) => use(true, value),
    d(): any {
      let error = this.e;
      let state = 0;
      const fail = (e: unknown): any => {
        error = error !== empty ? suppressed(e, error) : e;
        return next();
      };
      const next = (): any => {
        let r: Resource | undefined;
        while ((r = stack.pop())) {
          try {
            if (!r.a && state === 1) {
              state = 0;
              stack.push(r);
              return Promise.resolve().then(next);
            }
            if (r.d) {
              const result = r.d.call(r.v);
              if (r.a) {
                state |= 2;
                return Promise.resolve(result).then(next, fail);
              }
            } else {
              state |= 1;
            }
          } catch (e) {
            return fail(e);
          }
        }
        if (state === 1) return error !== empty ? Promise.reject(error) : Promise.resolve();
        if (error !== empty) throw error;
      };
      return next();
    },
  };
}
