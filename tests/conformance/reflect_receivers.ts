// Reflect.get / Reflect.set with a receiver; Reflect.construct with newTarget.

const target: any = {
  _v: "target",
  get v() { return "get:" + this._v; },
  set v(x) { this._v = "set:" + x; },
  plain: 1,
};
const recv: any = { _v: "receiver" };
console.log(Reflect.get(target, "v"), Reflect.get(target, "v", recv));
console.log(Reflect.set(target, "v", "a", recv), recv._v, target._v);
console.log(Reflect.set(target, "v", "b"), target._v);

// A data property on the target: the receiver gets its own property.
console.log(Reflect.set(target, "plain", 2, recv), target.plain, recv.plain, Object.keys(recv).join(","));
// The receiver's existing writable property is updated, attributes kept.
const recv2: any = {};
Object.defineProperty(recv2, "plain", { value: 0, writable: true, enumerable: false, configurable: true });
console.log(Reflect.set(target, "plain", 5, recv2), recv2.plain, Object.keys(recv2).length, target.plain);
// A missing property on the target: created on the receiver.
const recv3: any = {};
console.log(Reflect.set(target, "fresh", 9, recv3), recv3.fresh, "fresh" in target);
// Receiver with a non-writable own property: false.
const recv4: any = Object.defineProperty({}, "plain", { value: "ro", writable: false, configurable: true });
console.log(Reflect.set(target, "plain", 3, recv4), recv4.plain);
// Receiver with an own accessor: false (the accessor does not run).
let ran = false;
const recv5: any = { get plain() { return "acc"; }, set plain(_v) { ran = true; } };
console.log(Reflect.set(target, "plain", 3, recv5), ran);
// Non-extensible receiver: false.
const recv6: any = Object.preventExtensions({});
console.log(Reflect.set(target, "brandNew", 1, recv6), "brandNew" in recv6);
// Primitive receiver: false for data; the setter still runs with it as this.
console.log(Reflect.set(target, "plain", 3, 42), target.plain);
let seenThis: any = "unset";
const withSetter: any = { set s(_x: any) { seenThis = this; } };
console.log(Reflect.set(withSetter, "s", 1, 42), typeof seenThis, seenThis);
// An array receiver.
const arrRecv: any[] = [1, 2, 3];
console.log(Reflect.set({}, 1, "x", arrRecv), JSON.stringify(arrRecv));
console.log(Reflect.set({}, 5, "y", arrRecv), arrRecv.length);
console.log(Reflect.set({}, "length", 1, arrRecv), JSON.stringify(arrRecv));

// Getters and setters inherited through the prototype chain.
class Temp {
  celsius = 0;
  get fahrenheit() { return this.celsius * 9 / 5 + 32; }
  set fahrenheit(f: number) { this.celsius = (f - 32) * 5 / 9; }
}
const t = new Temp();
const other = { celsius: 100 };
console.log(Reflect.get(t, "fahrenheit"), Reflect.get(Temp.prototype, "fahrenheit", other));
console.log(Reflect.set(Temp.prototype, "fahrenheit", 212, t), t.celsius);
const child: any = Object.create(t);
console.log(Reflect.set(child, "fahrenheit", 32), child.celsius, t.celsius, Object.keys(child).join(","));
console.log(Reflect.get(child, "fahrenheit", { celsius: 10 }));
// Getter-only accessor with a receiver.
const ro = { get only() { return (this as any).tag; } };
console.log(Reflect.get(ro, "only", { tag: "R" }), Reflect.set(ro, "only", 1, {}));
// Symbols and array-index keys with receivers.
const sk = Symbol("k");
const symT: any = { get [sk]() { return this.name; } };
console.log(Reflect.get(symT, sk, { name: "symrecv" }));
console.log(Reflect.get([7, 8, 9], 1, {}), Reflect.get("str" as any === "" ? {} : Object("str"), 0));

// Reflect.construct with newTarget.
class A {
  who: string;
  nt: any;
  constructor() { this.who = "A"; this.nt = new.target; }
}
class B extends A { constructor() { super(); this.who += "+B"; } }
class C {}
const a1 = Reflect.construct(A, []);
console.log(a1.who, a1.nt === A, Reflect.getPrototypeOf(a1) === A.prototype);
const a2 = Reflect.construct(A, [], C);
console.log(a2.who, a2.nt === C, Reflect.getPrototypeOf(a2) === C.prototype, a2 instanceof C, a2 instanceof A);
const b1 = Reflect.construct(B, [], C);
console.log(b1.who, b1.nt === C, Reflect.getPrototypeOf(b1) === C.prototype);
const b2 = Reflect.construct(A, [], B);
console.log(b2.who, b2.nt === B, b2 instanceof B);
function F(this: any) { this.nt = new.target; }
const f1 = Reflect.construct(F, [], C);
console.log(f1.nt === C, Reflect.getPrototypeOf(f1) === C.prototype);
const f2 = Reflect.construct(F, []);
console.log(f2.nt === F, f2 instanceof F);
// newTarget whose prototype is not an object: the realm's fallback.
function NoProto() {}
(NoProto as any).prototype = 5;
const np = Reflect.construct(F, [], NoProto);
console.log(np.nt === NoProto, Reflect.getPrototypeOf(np) === Object.prototype);
// Built-ins with newTarget.
class MyErr {}
const e1 = Reflect.construct(Error, ["msg"], MyErr);
console.log(Reflect.getPrototypeOf(e1) === MyErr.prototype, e1.message);
const o1 = Reflect.construct(Object, [], C);
console.log(Reflect.getPrototypeOf(o1) === C.prototype);
const arrNt = Reflect.construct(Array, [1, 2], C);
console.log(Reflect.getPrototypeOf(arrNt) === C.prototype, Array.isArray(arrNt));
// Bound functions as target.
function Pair(this: any, x: number, y: number) { this.x = x; this.y = y; }
const Bound = Pair.bind(null, 1);
const bp = Reflect.construct(Bound, [2]);
console.log(bp.x, bp.y, bp instanceof Pair);
