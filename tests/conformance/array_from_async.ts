// Array.fromAsync (ES2026 23.1.2.2). Node 20 lacks it: there the reference
// implementation below (the spec's steps in JavaScript) runs, so the
// expected output is the spec's; Perry runs its built-in.

async function referenceFromAsync(this: any, items: any, mapfn?: any, thisArg?: any): Promise<any> {
  const C = this;
  const isCtor = typeof C === "function";
  if (mapfn !== undefined && typeof mapfn !== "function") throw new TypeError(String(mapfn) + " is not a function");
  if (items == null) throw new TypeError(String(items) + " is not async iterable");
  const usingAsync = items[Symbol.asyncIterator];
  const usingSync = usingAsync == null ? items[Symbol.iterator] : undefined;
  if (usingAsync != null || usingSync != null) {
    const A = isCtor ? new C() : [];
    let it: any;
    if (usingAsync != null) it = usingAsync.call(items);
    else {
      const syncIt = usingSync.call(items);
      it = (async function* () { yield* { [Symbol.iterator]: () => syncIt } as any; })();
    }
    const next = it.next;
    for (let k = 0; ; k++) {
      const r = await next.call(it);
      if (Object(r) !== r) throw new TypeError("Iterator result " + String(r) + " is not an object");
      if (r.done) {
        A.length = k;
        return A;
      }
      let v = r.value;
      if (mapfn !== undefined) {
        try {
          v = await mapfn.call(thisArg, v, k);
        } catch (e) {
          if (typeof it.return === "function") await it.return();
          throw e;
        }
      }
      Object.defineProperty(A, k, { value: v, writable: true, enumerable: true, configurable: true });
    }
  }
  const arrayLike = Object(items);
  const len = Math.min(Math.max(Math.trunc(Number(arrayLike.length)) || 0, 0), Number.MAX_SAFE_INTEGER);
  const A = isCtor ? new C(len) : new Array(len);
  for (let k = 0; k < len; k++) {
    let v = await arrayLike[k];
    if (mapfn !== undefined) v = await mapfn.call(thisArg, v, k);
    Object.defineProperty(A, k, { value: v, writable: true, enumerable: true, configurable: true });
  }
  A.length = len;
  return A;
}

const fromAsync: any = (Array as any).fromAsync ?? referenceFromAsync;
const from = (...args: any[]) => fromAsync.call(Array, ...args);
const log: string[] = [];

async function main() {
  console.log(typeof fromAsync);
  console.log(await from([1, Promise.resolve(2), 3]));
  console.log(await from([Promise.resolve(1), 2], async (x: number, i: number) => x * 10 + i));
  console.log(await from({ length: 3, 0: "a", 2: Promise.resolve("c") }));
  async function* gen() {
    yield 1;
    yield 2;
    yield 3;
  }
  console.log(await from(gen(), (x: number) => x * x));
  console.log(await from(new Set(["x", "y"]).values()), await from("héllo"));
  console.log(await from([], undefined), await from({ length: 0 }));
  const self = { factor: 3 };
  console.log(await from([1, 2], function (this: any, x: number) { return x * this.factor; }, self));

  // Errors reject the promise; none is thrown synchronously.
  for (const bad of [() => from(null), () => from([1], 5), () => from({ length: 1, get 0() { throw new RangeError("element"); } })]) {
    const p = bad();
    console.log(p instanceof Promise);
    await p.then(() => console.log("resolved?"), (e: any) => console.log("rejected", e.constructor.name));
  }

  // A throwing mapfn closes the iterator (its return is called, then the rejection).
  const closing = {
    i: 0,
    [Symbol.asyncIterator]() { return this; },
    async next() { log.push("next"); return { value: this.i++, done: false }; },
    async return() { log.push("return"); return { done: true }; },
  };
  await from(closing, (x: number) => { if (x === 2) throw new Error("map " + x); return x; }).catch((e: any) => log.push("caught " + e.message));
  console.log(log.join(","));

  // `this` as the constructor: construct, then CreateDataPropertyOrThrow and Set(length).
  const calls: string[] = [];
  function MyArray(this: any, ...args: any[]) {
    calls.push("construct " + args.length);
    return new Proxy(Object.create(null), {
      set(t: any, k: any, v: any) { calls.push("set " + String(k)); return Reflect.set(t, k, v); },
      defineProperty(t: any, k: any, d: any) { calls.push("def " + String(k)); return Reflect.defineProperty(t, k, d); },
    });
  }
  await fromAsync.call(MyArray, [1, 2]);
  await fromAsync.call(MyArray, { length: 1, 0: "z" });
  console.log(calls.join(","));
  // A non-configurable element the constructor made: TypeError.
  function Fixed(this: any) { Object.defineProperty(this, 0, { value: 0, writable: true, configurable: false }); }
  await fromAsync.call(Fixed, [5]).catch((e: any) => console.log("rejected", e.constructor.name));
  // A non-constructor `this` makes an array.
  console.log(await fromAsync.call({}, [7]));
}
main();
