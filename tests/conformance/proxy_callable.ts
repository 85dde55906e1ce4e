// A proxy whose target is callable is callable wherever a function is
// (IsCallable): spread calls, the callbacks of Array, Map, Set, String,
// JSON and Promise methods, timers, getters and setters, executors.

const calls: string[] = [];
function wrap<F extends (...a: any[]) => any>(name: string, f: F): F {
  return new Proxy(f, {
    apply(t, self, args) {
      calls.push(`${name}(${args.length})`);
      return Reflect.apply(t, self, args);
    },
  });
}
function show(title: string, v: unknown): void {
  console.log(title, JSON.stringify(v), calls.join(" "));
  calls.length = 0;
}

const add = wrap("add", (a: number, b: number, c = 0) => a + b + c);
show("spread call", add(...[1, 2]));
show("spread call 6", wrap("sum", (...xs: number[]) => xs.reduce((a, b) => a + b, 0))(...[1, 2, 3, 4, 5, 6]));
const obj = { m: wrap("m", function (this: any, x: number) { return this.k + x; }), k: 10 };
show("spread method", obj.m(...[5]));
show("map", [1, 2, 3].map(wrap("map", (x: number) => x * 2)));
show("filter", [1, 2, 3, 4].filter(wrap("filter", (x: number) => x % 2 === 0)));
show("sort", [3, 1, 2].sort(wrap("cmp", (a: number, b: number) => a - b)).length);
show("toSorted", [3, 1, 2].toSorted(wrap("cmp", (a: number, b: number) => b - a)));
const seen: number[] = [];
[1, 2].forEach(wrap("forEach", (x: number) => { seen.push(x); }));
show("forEach", seen);
show("reduce", [1, 2, 3].reduce(wrap("reduce", (a: number, b: number) => a + b), 0));
show("find", [1, 2, 3].find(wrap("find", (x: number) => x > 1)));
show("some", [1, 2, 3].some(wrap("some", (x: number) => x > 2)));
show("every", [1, 2, 3].every(wrap("every", (x: number) => x > 0)));
show("flatMap", [1, 2].flatMap(wrap("flatMap", (x: number) => [x, x])));
show("Array.from", Array.from([1, 2], wrap("from", (x: number) => x + 1)));
const ms: string[] = [];
new Map([["a", 1]]).forEach(wrap("mapEach", (v: number, k: string) => { ms.push(k + v); }));
new Set([7]).forEach(wrap("setEach", (v: number) => { ms.push(String(v)); }));
show("Map/Set forEach", ms);
show("replace", "a-b".replace("-", wrap("rep", () => "+")));
show("replaceAll", "a-b-c".replaceAll("-", wrap("repAll", () => "+")));
show("JSON.parse", JSON.parse('{"a":1}', wrap("reviver", (_k: string, v: unknown) => v)));
show("JSON.stringify", JSON.stringify({ a: 1 }, wrap("replacer", (_k: string, v: unknown) => v)));
show("toJSON", JSON.stringify({ toJSON: wrap("toJSON", () => "J") }));
const acc: any = {};
Object.defineProperty(acc, "v", { get: wrap("getter", () => 42), set: wrap("setter", (_x: number) => {}), enumerable: true });
acc.v = 1;
show("accessor", acc.v);
show("toString", String({ toString: wrap("toString", () => "S") }));
show("valueOf", +{ valueOf: wrap("valueOf", () => 9) });
show("call/apply/bind", [add.call(null, 1, 1), add.apply(null, [2, 2]), add.bind(null, 3)(3)]);
show("Reflect.apply", Reflect.apply(add, null, [4, 4]));
const it = { [Symbol.iterator]: wrap("iterator", function* () { yield 1; yield 2; }) };
show("iterator method", [...it]);

const order: string[] = [];
setTimeout(wrap("timeout", () => { order.push("timeout"); show("timers", order); }), 0);
queueMicrotask(wrap("microtask", () => { order.push("microtask"); }));
Promise.resolve(1)
  .then(wrap("then", (v: number) => { order.push("then " + v); return v + 1; }))
  .then(wrap("then2", (v: number) => { order.push("then2 " + v); throw new Error("x"); }))
  .catch(wrap("catch", (e: Error) => { order.push("catch " + e.message); }))
  .finally(wrap("finally", () => { order.push("finally"); }));
new Promise(wrap("executor", (res: (v: number) => void) => res(5))).then((v) => order.push("executor " + v));
try {
  (new Proxy({}, {}) as any)(...[1]);
} catch (e) {
  show("not callable", (e as Error).constructor.name);
}
try {
  [1].map(new Proxy({}, {}) as any);
} catch (e) {
  show("map non-callable", (e as Error).message);
}
// More arguments than registers.
show("six arguments", wrap("six", (...xs: number[]) => xs.join(""))(1, 2, 3, 4, 5, 6));
