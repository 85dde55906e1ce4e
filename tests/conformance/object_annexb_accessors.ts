// Object.prototype.__defineGetter__, __defineSetter__, __lookupGetter__,
// __lookupSetter__ (ECMAScript Annex B.2.2).
const o: any = {};
o.__defineGetter__("x", function (this: any) { return this.y * 2; });
o.__defineSetter__("x", function (this: any, v: number) { this.y = v; });
o.x = 21;
console.log(o.x, o.y);
const d = Object.getOwnPropertyDescriptor(o, "x")!;
console.log(typeof d.get, typeof d.set, d.enumerable, d.configurable);
console.log(o.__lookupGetter__("x") === d.get, o.__lookupSetter__("x") === d.set);
const child = Object.create(o);
console.log(child.__lookupGetter__("x") === d.get, child.__lookupGetter__("y"), child.__lookupSetter__("nothing"));
const sym = Symbol("s");
o.__defineGetter__(sym, () => "via symbol");
console.log(o[sym], o.__lookupGetter__(sym)());
try {
  o.__defineGetter__("z", 42);
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
const frozen = Object.freeze({ a: 1 }) as any;
try {
  frozen.__defineGetter__("a", () => 2);
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
console.log(Object.prototype.__lookupGetter__.call(1, "x"), typeof (Object.prototype as any).__lookupGetter__("__proto__"));
console.log(Object.prototype.__defineGetter__.length, Object.prototype.__lookupSetter__.length, Object.prototype.__defineSetter__.name);
