// Plain objects keep no prototype word; a prototype other than
// Object.prototype lives in a hidden slot that nothing lists or copies.
const base = { greet() { return "hi " + (this as any).n; } };
const o: any = { n: 1, m: 2 };
console.log(Object.getPrototypeOf(o) === Object.prototype, o.toString(), Object.keys(o));
Object.setPrototypeOf(o, base);
console.log(Object.getPrototypeOf(o) === base, o.greet(), Object.keys(o), JSON.stringify(o), o);
Object.setPrototypeOf(o, null);
console.log(Object.getPrototypeOf(o), Object.getOwnPropertyNames(o), { ...o });
o.__proto__ = base;
const p: any = { __proto__: base, n: 5 };
console.log(p.greet(), Object.getOwnPropertySymbols(p), Object.getPrototypeOf(p) === base);
Object.setPrototypeOf(p, Object.prototype);
console.log(Object.getPrototypeOf(p) === Object.prototype, "greet" in p, p.hasOwnProperty("n"));
const q = Object.freeze({ a: 1 });
try { Object.setPrototypeOf(q, base); } catch (e) { console.log((e as Error).message); }
const r: any = Object.create(base); r.n = 9; console.log(r.greet(), structuredClone({ x: [1, { y: 2 }] }));
for (const k in p) console.log("key", k);
class A { x = 1; } const a = new A(); console.log(a, Object.getPrototypeOf(a) === A.prototype);
console.log(Object.entries({ b: 2, c: 3 }), Object.assign({}, p), JSON.parse('{"z":1}').z);
// Many properties (overflow storage) before and after the prototype changes.
const big: any = {};
for (let i = 0; i < 20; i++) big["k" + i] = i;
Object.setPrototypeOf(big, base);
big.k20 = 20;
delete big.k3;
console.log(Object.keys(big).length, big.k19, big.k20, big.greet === base.greet, Object.getPrototypeOf(big) === base);
const frozen: any = Object.freeze(Object.setPrototypeOf({ n: 7 }, base));
console.log(frozen.greet(), Object.isFrozen(frozen), Object.getOwnPropertyDescriptors(frozen));
