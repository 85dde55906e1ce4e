// Reflect: false results instead of exceptions, and the TypeErrors.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message);
  }
}

// defineProperty over a non-configurable property.
const o: any = {};
Object.defineProperty(o, "fixed", { value: 1, writable: false, enumerable: false, configurable: false });
console.log(Reflect.defineProperty(o, "fixed", { value: 2 }), o.fixed);
console.log(Reflect.defineProperty(o, "fixed", { value: 1 }));
console.log(Reflect.defineProperty(o, "fixed", { enumerable: true }));
console.log(Reflect.defineProperty(o, "fixed", { configurable: true }));
console.log(Reflect.defineProperty(o, "fixed", { get() { return 1; } }));
console.log(Reflect.defineProperty(o, "fixed", { writable: true }));
attempt("Object.defineProperty", () => Object.defineProperty(o, "fixed", { value: 2 }));
// defineProperty on a non-extensible object.
const ne: any = Object.preventExtensions({ a: 1 });
console.log(Reflect.defineProperty(ne, "b", { value: 1 }), "b" in ne);
console.log(Reflect.defineProperty(ne, "a", { value: 5 }), ne.a);
attempt("Object.defineProperty ne", () => Object.defineProperty(ne, "b", { value: 1 }));
// Frozen arrays.
const fa = Object.freeze([1, 2, 3]);
console.log(Reflect.defineProperty(fa, 0, { value: 9 }), Reflect.defineProperty(fa, 5, { value: 9 }), JSON.stringify(fa));
console.log(Reflect.set(fa, 0, 9), Reflect.set(fa, 3, 9), Reflect.set(fa, "length", 0), JSON.stringify(fa));
console.log(Reflect.deleteProperty(fa, 0), JSON.stringify(fa));
attempt("frozen array set", () => { "use strict"; (fa as any)[0] = 5; });
const sa = Object.seal([1, 2]);
console.log(Reflect.set(sa, 0, 7), Reflect.set(sa, 2, 7), Reflect.set(sa, "length", 0), JSON.stringify(sa));
const nea = Object.preventExtensions([1]);
console.log(Reflect.set(nea, 1, 2), Reflect.set(nea, 0, 3), JSON.stringify(nea));
attempt("array length range", () => Reflect.set([], "length", -1));

// set on a non-writable property / getter-only accessor / non-extensible object.
const ro: any = Object.defineProperty({}, "k", { value: "v", writable: false, configurable: true });
console.log(Reflect.set(ro, "k", "w"), ro.k);
const inherits: any = Object.create(ro);
console.log(Reflect.set(inherits, "k", "w"), inherits.k, Object.keys(inherits).length);
const getterOnly: any = { get g() { return 1; } };
console.log(Reflect.set(getterOnly, "g", 2), getterOnly.g);
console.log(Reflect.set(Object.preventExtensions({}), "n", 1));
console.log(Reflect.set(Object.freeze({ f: 1 }), "f", 2));
attempt("strict set ro", () => { ro.k = "w"; });
attempt("strict set getter", () => { getterOnly.g = 2; });
// A setter that throws propagates.
const thrower = { set t(_v: any) { throw new RangeError("setter threw"); } };
attempt("throwing setter", () => Reflect.set(thrower, "t", 1));
const getterThrows = { get t() { throw new Error("getter threw"); } };
attempt("throwing getter", () => Reflect.get(getterThrows, "t"));

// deleteProperty of non-configurable properties.
console.log(Reflect.deleteProperty(o, "fixed"), o.fixed);
console.log(Reflect.deleteProperty(Object.seal({ s: 1 }), "s"));
console.log(Reflect.deleteProperty([1, 2], "length"));
console.log(Reflect.deleteProperty(function f() {}, "name"), Reflect.deleteProperty(Math, "PI"));
console.log(Reflect.deleteProperty({}, "absent"));
attempt("strict delete", () => delete (o as any).fixed);

// setPrototypeOf failures.
const nonExt = Object.preventExtensions({});
console.log(Reflect.setPrototypeOf(nonExt, {}), Reflect.setPrototypeOf(nonExt, Object.prototype));
const a: any = {};
const b: any = Object.create(a);
console.log(Reflect.setPrototypeOf(a, b), Reflect.setPrototypeOf(a, a));
console.log(Reflect.setPrototypeOf(Object.prototype, {}), Reflect.setPrototypeOf(Object.prototype, null));
attempt("Object.setPrototypeOf cyclic", () => Object.setPrototypeOf(a, b));
attempt("Object.setPrototypeOf nonext", () => Object.setPrototypeOf(nonExt, {}));
attempt("proto not object", () => Reflect.setPrototypeOf({}, 5 as any));
attempt("proto undefined", () => (Reflect.setPrototypeOf as any)({}));
attempt("proto string", () => Reflect.setPrototypeOf({}, "str" as any));

// TypeErrors: non-object targets.
const names = ["defineProperty", "deleteProperty", "get", "getOwnPropertyDescriptor", "getPrototypeOf", "has", "isExtensible", "ownKeys", "preventExtensions", "set", "setPrototypeOf"];
for (const n of names) {
  for (const v of [1, undefined, null, "s", true, Symbol("x")]) {
    attempt(n + "(" + String(v) + ")", () => (Reflect as any)[n](v, "x", {}));
  }
}
// The descriptor must be an object.
attempt("desc 5", () => Reflect.defineProperty({}, "x", 5 as any));
attempt("desc missing", () => (Reflect.defineProperty as any)({}, "x"));
attempt("desc both", () => Reflect.defineProperty({}, "x", { value: 1, get() { return 1; } }));
attempt("desc getter", () => Reflect.defineProperty({}, "x", { get: 5 as any }));

// apply: non-callable targets and non-object argument lists.
for (const v of [1, undefined, null, "s", true, Symbol("q"), {}, [1]]) {
  attempt("apply on " + String(typeof v), () => Reflect.apply(v as any, null, []));
}
attempt("apply no list", () => (Reflect.apply as any)(function () {}, null));
attempt("apply null list", () => Reflect.apply(function () {}, null, null as any));
attempt("apply string list", () => Reflect.apply(function () {}, null, "ab" as any));
attempt("apply number list", () => Reflect.apply(function () {}, null, 5 as any));
attempt("apply throws", () => Reflect.apply(() => { throw new SyntaxError("inner"); }, null, []));

// construct: non-constructors and bad newTarget / argument lists.
function plainFn() {}
const arrow = () => 1;
const obj = { m() {} };
attempt("construct arrow", () => Reflect.construct(arrow as any, []));
attempt("construct method", () => { try { Reflect.construct(obj.m as any, []); } catch (e) { return e instanceof TypeError; } });
attempt("construct Math.max", () => Reflect.construct(Math.max as any, []));
attempt("construct object", () => Reflect.construct({} as any, []));
attempt("construct number", () => Reflect.construct(1 as any, []));
attempt("construct string", () => Reflect.construct("s" as any, []));
attempt("construct undefined", () => (Reflect.construct as any)());
attempt("newTarget arrow", () => Reflect.construct(plainFn, [], arrow));
attempt("newTarget object", () => Reflect.construct(plainFn, [], {} as any));
attempt("newTarget number", () => Reflect.construct(plainFn, [], 5 as any));
attempt("newTarget undefined", () => Reflect.construct(plainFn, [], undefined as any));
attempt("construct list 5", () => Reflect.construct(plainFn, 5 as any));
attempt("construct no list", () => (Reflect.construct as any)(plainFn));
attempt("construct null list", () => Reflect.construct(plainFn, null as any));
attempt("ctor throws", () => Reflect.construct(class { constructor() { throw new EvalError("in ctor"); } }, []));
// Key conversion happens after the target check, and may throw.
attempt("bad key", () => Reflect.get({}, { toString() { throw new Error("key threw"); } } as any));
attempt("bad key order", () => Reflect.get(1 as any, { toString() { throw new Error("key threw"); } } as any));
