// Dictionary-mode objects (runtime dict.rs): deleting other than the last
// property, or growing past 128 properties, moves an object's properties
// into a table of its own. Everything observable stays as for any object.
function show(label: string, o: any): void {
  console.log(label, o, Object.keys(o), JSON.stringify(o));
}

// Deleting a middle key keeps the order of the rest; re-adding appends.
const a: any = { x: 1, y: 2, z: 3, w: 4 };
delete a.y;
show("a", a);
a.y = 20;
a[Symbol.for("s")] = "sym";
a[5] = "five";
a["2"] = "two";
show("a2", a);
console.log(Reflect.ownKeys(a), Object.getOwnPropertySymbols(a).length);

// The same property site reads fast objects and dictionaries.
function readX(o: any): number {
  return o.x;
}
function writeX(o: any, v: number): void {
  o.x = v;
}
const objs: any[] = [];
for (let i = 0; i < 6; i++) {
  const o: any = { x: i, y: i * 2, z: i * 3 };
  if (i % 2 === 1) delete o.y;
  objs.push(o);
}
let total = 0;
for (let r = 0; r < 3; r++) for (const o of objs) {
  writeX(o, readX(o) + 1);
  total += readX(o);
}
console.log("site", total, objs.map((o) => Object.keys(o).join("")));

// Attributes, accessors, freezing.
const b: any = { p: 1, q: 2, r: 3 };
delete b.p;
Object.defineProperty(b, "hidden", { value: "h", enumerable: false, writable: false, configurable: true });
Object.defineProperty(b, "acc", { get() { return this.q * 10; }, set(v) { this.q = v; }, enumerable: true, configurable: true });
console.log(b.acc, (b.acc = 7), b.q, b.acc, Object.getOwnPropertyDescriptor(b, "hidden"));
console.log(Object.getOwnPropertyNames(b), b.propertyIsEnumerable("hidden"));
Object.seal(b);
console.log(Object.isSealed(b), Object.isFrozen(b), Reflect.deleteProperty(b, "q"), "q" in b);
Object.freeze(b);
console.log(Object.isFrozen(b), Reflect.set(b, "q", 99), b.q, Reflect.defineProperty(b, "n", { value: 1 }));
const c: any = { k1: 1, k2: 2, k3: 3 };
delete c.k1;
Object.preventExtensions(c);
console.log(Reflect.set(c, "k9", 1), Object.isExtensible(c), delete c.k3, c);

// Prototypes: inherited reads, a proxy as the prototype, a null prototype.
class Base {
  greet() { return "hi " + this.name; }
  name = "base";
}
const inst: any = new Base();
inst.extra = 1;
inst.more = 2;
delete inst.extra;
console.log(inst.greet(), inst instanceof Base, inst, Object.keys(inst));
const logged: string[] = [];
const proxyProto = new Proxy({ inherited: "yes" }, { get(t, k, r) { logged.push(String(k)); return Reflect.get(t, k, r); } });
const d: any = Object.setPrototypeOf({ m: 1, n: 2 }, proxyProto);
delete d.m;
console.log(d.inherited, d.n, logged.filter((k) => k === "inherited").length, Object.getPrototypeOf(d) === proxyProto);
const e: any = Object.create(null);
e.one = 1; e.two = 2; e.three = 3;
delete e.two;
Object.setPrototypeOf(e, { fromProto: true });
console.log(e.fromProto, Object.keys(e), "fromProto" in e);
Object.setPrototypeOf(e, null);
console.log(e.fromProto, e);

// for-in with deletion during the walk, spread, assign, structuredClone.
const f: any = { a: 1, b: 2, c: 3, d: 4, e: 5 };
delete f.b;
const seen: string[] = [];
for (const k in f) {
  seen.push(k);
  if (k === "a") delete f.d;
}
console.log(seen, { ...f }, Object.assign({}, f), structuredClone(f));

// Past 128 properties, then deleting half.
const g: Record<string, number> = {};
for (let i = 0; i < 1000; i++) g["key" + i] = i;
for (let i = 0; i < 1000; i += 2) delete g["key" + i];
let sum = 0;
for (const k in g) sum += g[k];
console.log(Object.keys(g).length, sum, g.key1, g.key0, "key998" in g, Object.keys(g).slice(0, 3), Object.keys(g).slice(-2));
for (let i = 0; i < 1000; i += 2) g["key" + i] = -i;
console.log(Object.keys(g).length, Object.keys(g).slice(498, 503), g.key0, g.key998);
for (const k of Object.keys(g)) delete g[k];
console.log(Object.keys(g).length, JSON.stringify(g));
g.again = 1;
console.log(g);

// Many deletes and adds on one object (the table is rebuilt as it fills).
const churn: any = { keep: "k" };
for (let i = 0; i < 20000; i++) {
  churn["t" + i] = i;
  if (i > 2) delete churn["t" + (i - 3)];
}
console.log(Object.keys(churn), churn.keep);

// Arrays, functions and class instances as dictionaries.
const arr: any = [10, 20, 30];
arr.first = 1; arr.second = 2;
delete arr.first;
arr.push(40);
console.log(arr, arr.length, Object.keys(arr), JSON.stringify(arr));
function fn() { return 1; }
(fn as any).p = 1; (fn as any).q = 2;
delete (fn as any).p;
console.log(fn.name, fn.length, Object.keys(fn), fn());
const re: any = /ab+/g;
re.u = 1; re.v = 2;
delete re.u;
console.log("xabbyab".match(re), re.lastIndex, re.exec("abab"), re.lastIndex, Object.keys(re));

// JSON.parse of a wide object, and getters in a dictionary.
const wide = JSON.parse("{" + Array.from({ length: 200 }, (_, i) => `"f${i}": ${i}`).join(",") + "}");
console.log(Object.keys(wide).length, wide.f0, wide.f199, JSON.stringify(wide).length);
delete wide.f100;
console.log(Object.keys(wide).length, wide.f100, wide.f101);
const counter = { n: 0, m: 1, get next() { return ++this.n; } };
delete (counter as any).m;
console.log(counter.next, counter.next, counter);
