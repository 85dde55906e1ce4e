// Reflect.set through a trapless `set` answers false when the receiver refuses (here a
// defineProperty trap that returns false), and never throws; strict assignment throws.
const log: string[] = [];
const t: any = { a: 1 };
const p: any = new Proxy(t, {
  defineProperty(target: any, k: any, d: any) { log.push("defineProperty:" + String(k)); return false; },
});
console.log(Reflect.set(p, "ro", 1), Reflect.set(p, "a", 2), log.join(","), t.a, "ro" in t);
try { p.ro = 1; console.log("no throw"); } catch (e: any) { console.log(e.constructor.name); }
const frozen = Object.freeze({ x: 1 });
console.log(Reflect.set(new Proxy(frozen, {}), "x", 2), Reflect.set(new Proxy(frozen, {}), "y", 2));

// A function's own keys: length, name, prototype first (V8 makes them with the function), even
// when `prototype` is first read after other properties were added.
function F() {}
(F as any).prop = 1;
console.log(Reflect.ownKeys(F), F.prototype !== undefined, Reflect.ownKeys(F));
function G() {}
(G as any).extra = 1;
console.log(Object.getOwnPropertyNames(G));
Object.defineProperty(G, "name", { value: "Renamed" });
console.log(Object.getOwnPropertyNames(G), G.name);
const arrow = () => 1;
(arrow as any).z = 2;
console.log(Reflect.ownKeys(arrow));
class C { static s = 1; static m() {} }
console.log(Object.getOwnPropertyNames(C));
const keys: string[] = [];
const pf = new Proxy(function H() {}, { getOwnPropertyDescriptor(t: any, k: any) { keys.push(String(k)); return Reflect.getOwnPropertyDescriptor(t, k); } });
(pf as any).q = 1;
Object.assign({}, pf);
console.log(keys.join(","));
