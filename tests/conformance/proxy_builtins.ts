// Built-ins given proxies: conversions, Object.*, spread, freezing,
// hasOwn, arrays through proxies, bind and call, collections, weak keys,
// concat, classes extending a proxy. Each must behave as on Node (and none
// may treat a proxy as a heap cell).
const p: any = new Proxy({ a: 1, b: [1, 2] }, {});
const ap: any = new Proxy([1, 2, 3], {});
const fp: any = new Proxy(function f(x: number) { return x; }, {});
const tests: Array<[string, () => unknown]> = [
  ["toString", () => Object.prototype.toString.call(p)],
  ["String", () => String(p)],
  ["template", () => `${p}`],
  ["concat", () => p + ""],
  ["entries", () => Object.entries(p)],
  ["assign", () => Object.assign({}, p)],
  ["spread", () => ({ ...p })],
  ["json array", () => JSON.stringify([p, ap])],
  ["freeze", () => Object.isFrozen(Object.freeze(new Proxy({ z: 1 }, {})))],
  ["isSealed", () => Object.isSealed(p)],
  ["hasOwnProperty", () => p.hasOwnProperty("a")],
  ["hasOwn", () => Object.hasOwn(p, "a")],
  ["spread array", () => [...ap]],
  ["for of", () => { let s = 0; for (const x of ap) s += x; return s; }],
  ["map call", () => Array.prototype.map.call(ap, (x: number) => x * 2)],
  ["array methods", () => ap.map((x: number) => x + 1).join("-")],
  ["instanceof Object", () => p instanceof Object],
  ["fn call/apply/bind", () => [fp.call(null, 1), fp.apply(null, [2]), fp.bind(null, 3)()]],
  ["fn toString", () => typeof Function.prototype.toString.call(fp)],
  ["keys of fn proxy", () => Object.keys(fp)],
  ["equality", () => [p == p, p === p, p != null]],
  ["in array", () => [1 in ap, "length" in ap]],
  ["delete", () => delete p.a],
  ["Number", () => Number(new Proxy({ valueOf: () => 7 }, {}))],
  ["Map key", () => new Map([[p, 1]]).get(p)],
  ["Set", () => new Set([p, p]).size],
  ["WeakMap", () => { const w = new WeakMap(); w.set(p, 2); return w.get(p); }],
  ["Array.from", () => Array.from(ap)],
  ["concat array", () => [0].concat(ap)],
  ["sort", () => new Proxy([3, 1, 2], {}).sort()],
  ["length set", () => { const a: any = new Proxy([1, 2, 3], {}); a.length = 1; return a.length; }],
  ["getter this", () => new Proxy({ get g() { return this === undefined; } }, {}).g],
  ["Object.create(null proxy)", () => Object.getPrototypeOf(Object.create(p)) === p],
  ["class extends proxy", () => { const B: any = new Proxy(class { m() { return 1; } }, {}); class D extends B {} return new D().m(); }],
];

for (const [name, f] of tests) {
  try { console.log(name, f()); } catch (e) { console.log(name, "->", (e as Error).constructor.name, (e as Error).message); }
}
{
const log: string[] = [];
const p: any = new Proxy({}, { defineProperty(t, k, d) { log.push(String(k)); return Reflect.defineProperty(t, k, d); } });
Object.defineProperties(p, { a: { value: 1, enumerable: true }, b: { get() { return 2; }, enumerable: true } });
console.log(p.a, p.b, log, Object.keys(p));
const q = Object.create(null, { x: { value: new Proxy({ y: 1 }, {}), enumerable: true } });
console.log(q.x.y);
}
