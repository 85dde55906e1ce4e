// Reflect: every method on ordinary objects, arrays and functions.

function show(label: string, v: unknown): void {
  console.log(label, JSON.stringify(v));
}

// The namespace object itself.
console.log(typeof Reflect, Object.prototype.toString.call(Reflect), Reflect[Symbol.toStringTag]);
console.log(Object.getOwnPropertyNames(Reflect).join(","));
const tagDesc = Object.getOwnPropertyDescriptor(Reflect, Symbol.toStringTag)!;
console.log(tagDesc.value, tagDesc.writable, tagDesc.enumerable, tagDesc.configurable);
const lens = ["apply", "construct", "defineProperty", "deleteProperty", "get", "getOwnPropertyDescriptor", "getPrototypeOf", "has", "isExtensible", "ownKeys", "preventExtensions", "set", "setPrototypeOf"]
  .map((k) => k + "/" + (Reflect as any)[k].length + "/" + (Reflect as any)[k].name);
console.log(lens.join(" "));
const gd = Object.getOwnPropertyDescriptor(globalThis, "Reflect")!;
console.log(gd.writable, gd.enumerable, gd.configurable, gd.value === Reflect);

// get / set / has / deleteProperty
const o: any = { a: 1, b: "two" };
console.log(Reflect.get(o, "a"), Reflect.get(o, "b"), Reflect.get(o, "missing"));
console.log(Reflect.set(o, "c", 3), o.c);
console.log(Reflect.set(o, "a", 10), o.a);
console.log(Reflect.has(o, "a"), Reflect.has(o, "toString"), Reflect.has(o, "nope"));
console.log(Reflect.deleteProperty(o, "b"), "b" in o, Reflect.deleteProperty(o, "b"));
show("after", o);
console.log(Reflect.get(o, { toString: () => "a" } as any));
const arr = [10, 20, 30];
console.log(Reflect.get(arr, 1), Reflect.get(arr, "length"), Reflect.has(arr, 2), Reflect.has(arr, 3));
console.log(Reflect.set(arr, 5, 60), arr.length, JSON.stringify(arr));
console.log(Reflect.set(arr, "length", 2), JSON.stringify(arr));
console.log(Reflect.deleteProperty(arr, 0), 0 in arr, arr.length);
const sym = Symbol("s");
const so: any = { [sym]: "symval" };
console.log(Reflect.get(so, sym), Reflect.has(so, sym), Reflect.set(so, sym, "new"), so[sym]);

// defineProperty / getOwnPropertyDescriptor
const d: any = {};
console.log(Reflect.defineProperty(d, "x", { value: 1, writable: false, enumerable: true, configurable: false }));
show("desc x", Reflect.getOwnPropertyDescriptor(d, "x"));
console.log(Reflect.defineProperty(d, "y", { get() { return 42; }, configurable: true }));
const yd = Reflect.getOwnPropertyDescriptor(d, "y")!;
console.log(typeof yd.get, yd.set, yd.enumerable, yd.configurable, d.y);
console.log(Reflect.getOwnPropertyDescriptor(d, "nope"));
show("array length desc", Reflect.getOwnPropertyDescriptor([1, 2], "length"));
show("array index desc", Reflect.getOwnPropertyDescriptor([1, 2], 1));
show("function name desc", Reflect.getOwnPropertyDescriptor(function named() {}, "name"));
console.log(Reflect.defineProperty(d, "y", { enumerable: true }), Object.keys(d).join(","));

// getPrototypeOf / setPrototypeOf
class Base { hello() { return "hi"; } }
class Derived extends Base {}
const inst = new Derived();
console.log(Reflect.getPrototypeOf(inst) === Derived.prototype, Reflect.getPrototypeOf(Derived.prototype) === Base.prototype);
console.log(Reflect.getPrototypeOf(Object.create(null)), Reflect.getPrototypeOf({}) === Object.prototype);
console.log(Reflect.getPrototypeOf(Derived) === Base, Reflect.getPrototypeOf([]) === Array.prototype);
const plain: any = {};
console.log(Reflect.setPrototypeOf(plain, Base.prototype), plain.hello(), plain instanceof Base);
console.log(Reflect.setPrototypeOf(plain, null), Reflect.getPrototypeOf(plain), "hello" in plain);
console.log(Reflect.setPrototypeOf(plain, null));

// isExtensible / preventExtensions
const e: any = { k: 1 };
console.log(Reflect.isExtensible(e), Reflect.preventExtensions(e), Reflect.isExtensible(e), Object.isExtensible(e));
console.log(Reflect.preventExtensions(e), Reflect.isExtensible(Object.freeze({})), Reflect.isExtensible(Object.seal([])));

// ownKeys ordering: integer keys ascending, then strings in insertion order, then symbols.
const s1 = Symbol("first");
const s2 = Symbol("second");
const keyed: any = { z: 1, [s1]: 1, 10: 1, b: 1, 2: 1, [s2]: 1, a: 1, 1: 1, "-1": 1, "01": 1, 4294967295: 1 };
console.log(Reflect.ownKeys(keyed).map(String).join(","));
Object.defineProperty(keyed, "hidden", { value: 1, enumerable: false });
console.log(Reflect.ownKeys(keyed).length, Object.keys(keyed).length);
console.log(Reflect.ownKeys([5, 6, 7]).map(String).join(","));
console.log(Reflect.ownKeys(function f(a: number, b: number) {}).map(String).join(","));
console.log(Reflect.ownKeys(class K { static s = 1; }).map(String).join(","));
console.log(Reflect.ownKeys(new String("hey")).map(String).join(","));
console.log(Reflect.ownKeys({}).length);

// apply
function sum(this: any, ...xs: number[]) { return (this ? this.base : 0) + xs.reduce((a, b) => a + b, 0); }
console.log(Reflect.apply(sum, { base: 100 }, [1, 2, 3]));
console.log(Reflect.apply(sum, undefined, { length: 3, 0: 4, 1: 5, 2: 6 }));
console.log(Reflect.apply(sum, null, { length: 2 } as any));
console.log(Reflect.apply(Math.max, undefined, [3, 9, 4]));
console.log(Reflect.apply(String.prototype.toUpperCase, "abc", []));
console.log(Reflect.apply(Array.prototype.join, "xyz", ["-"]));
console.log(Reflect.apply((a: number, b: number, c: number, d: number, e: number, f: number) => a + b + c + d + e + f, null, [1, 2, 3, 4, 5, 6]));
function argCount() { return arguments.length; }
console.log(Reflect.apply(argCount, null, new Array(3)), Reflect.apply(argCount, null, "abcd" as any === undefined ? [] : [..."abcd"]));

// construct
class Point { x: number; y: number; constructor(x: number, y: number) { this.x = x; this.y = y; } }
const p = Reflect.construct(Point, [1, 2]);
console.log(p instanceof Point, p.x, p.y);
function Old(this: any, v: number) { this.v = v; }
const old = Reflect.construct(Old, [7]);
console.log(old.v, Reflect.getPrototypeOf(old) === Old.prototype);
console.log(Reflect.construct(Array, [3]).length, Reflect.construct(Array, [1, 2])[1]);
const m = Reflect.construct(Map, [[["k", "v"]]]);
console.log(m.get("k"), m instanceof Map);
const err = Reflect.construct(Error, ["boom"]);
console.log(err instanceof Error, err.message);
