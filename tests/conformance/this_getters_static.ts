// this inside getters/setters, static methods, and methods borrowed between classes
class Temperature {
  static scale = "C";
  constructor(private c: number) {}
  get f() { return this.c * 9 / 5 + 32; }
  set f(v: number) { this.c = (v - 32) * 5 / 9; }
  static fromF(f: number) { const t = new this(0); t.f = f; return t; }
  static describe() { return `${this.name} in ${this.scale}`; }
  get self() { return this; }
}
const t = Temperature.fromF(212);
console.log(t.f, t.self === t, Temperature.describe());
class Kelvin extends Temperature { static scale = "K"; }
console.log(Kelvin.describe(), Kelvin.fromF(32) instanceof Kelvin);
const describe = Temperature.describe;
try {
  describe();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(describe.call({ name: "Fake", scale: "F" }));
const proto = {
  greet() { return "hi from " + this.name; },
  get upper() { return this.name.toUpperCase(); },
  name: "proto",
};
const child = Object.create(proto);
child.name = "child";
console.log(child.greet(), child.upper, proto.upper);
class A { name = "A"; who() { return this.name; } }
class B { name = "B"; who = new A().who; }
console.log(new B().who(), new A().who());
