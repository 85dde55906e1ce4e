// A proxy used as an ordinary object or function by built-ins: weak
// collections' keys, Object.assign/spread/create/setPrototypeOf sources and
// prototypes, IsArray (Array.isArray, concat, flat), JSON, accessors,
// structuredClone (a proxy cannot be cloned), Object.prototype.toString.

const p: any = new Proxy({ a: 1 }, {});
const fp: any = new Proxy(function named() { return 1; }, {});
const wm = new WeakMap(); wm.set(p, 1); console.log("weakmap", wm.get(p), wm.has(p));
const ws = new WeakSet(); ws.add(p); console.log("weakset", ws.has(p));
const wr = new WeakRef(p); console.log("weakref", wr.deref() === p);
console.log("assign", JSON.stringify(Object.assign({}, p)));
console.log("spread", JSON.stringify({ ...p }));
console.log("create", Object.getPrototypeOf(Object.create(p)) === p);
console.log("setproto", Object.getPrototypeOf(Object.setPrototypeOf({}, p)) === p);
console.log("isPrototypeOf", p.isPrototypeOf(Object.create(p)), Object.prototype.isPrototypeOf.call(p, Object.create(p)));
console.log("Reflect.getPrototypeOf", Reflect.getPrototypeOf(Object.create(p)) === p);
console.log("Symbol.hasInstance", Function.prototype[Symbol.hasInstance].call(fp, {}));
console.log("Map key", new Map([[p, 1]]).get(p));
console.log("Array.isArray", Array.isArray(new Proxy([], {})));
console.log("concat", [1].concat(new Proxy([2, 3], {}) as any).length);
console.log("flat", [new Proxy([1, 2], {})].flat().length);
console.log("String", String(new Proxy([1, 2], {})));
console.log("JSON", JSON.stringify({ x: p, y: new Proxy([1], {}) }));
for (const x of [p, new Proxy([1], {}), { nested: p }]) {
  try {
    structuredClone(x);
  } catch (e) {
    console.log("structuredClone", (e as Error).name, (e as Error).message);
  }
}
console.log("defineProperty value", Object.defineProperty({}, "k", { value: p }).k === p);
console.log("defineProperties", Object.keys(Object.defineProperties({}, new Proxy({ k: { value: 1, enumerable: true } }, {}))).join());
console.log("Object.entries", JSON.stringify(Object.entries(p)));
console.log("getter via proxy", Object.defineProperty({}, "g", { get: fp }).g);
console.log("fn props", fp.name, fp.length, typeof fp.call, typeof fp.bind);
console.log("Function.prototype.toString", Function.prototype.toString.call(fp));
console.log("Promise.then proxy handler", typeof Promise.prototype.then);
class E extends Error {}
const pe = new Proxy(E, {});
try { throw new pe("x"); } catch (e) { console.log("proxy error class", e instanceof E, (e as Error).message); }
const ap = new Proxy([3, 1, 2], {});
console.log("array methods on proxy", Array.prototype.sort.call(ap).join(), Array.prototype.map.call(ap, (x: number) => x * 2).join());
console.log("Array.from proxy arraylike", Array.from(new Proxy({ length: 2, 0: "a", 1: "b" }, {})).join());
console.log("instanceof Array", ap instanceof Array);
console.log("Object.prototype.toString", Object.prototype.toString.call(ap), Object.prototype.toString.call(fp), Object.prototype.toString.call(p));
// A proxy as `this` of built-in methods: Error.prototype.toString reads
// through it; methods needing internal slots reject it, naming it as V8 does.
console.log("Error toString", Error.prototype.toString.call(new Proxy({ name: "N", message: "M" }, {})));
for (const [name, f] of [
  ["Map.get", () => Map.prototype.get.call(p, 1)],
  ["Promise.then", () => Promise.prototype.then.call(p, () => {})],
  ["Set.has", () => Set.prototype.has.call(new Proxy(new Set(), {}), 1)],
] as [string, () => unknown][]) {
  try {
    f();
  } catch (e) {
    console.log(name, (e as Error).constructor.name, (e as Error).message);
  }
}
