// Inherited getters/setters, method overriding and shadowing
class Base {
  protected _v = 1;
  get v() { return this._v; }
  set v(x: number) { this._v = x; }
  get name() { return "base"; }
  describe() { return `${this.name}:${this.v}`; }
}
class OnlyGetterOverride extends Base {
  get name() { return "derived"; }
}
const d = new OnlyGetterOverride();
d.v = 5;
console.log(d.describe(), d.v);
class SetterOverride extends Base {
  set v(x: number) { this._v = x * 10; }
  get v() { return super.v; }
}
const s = new SetterOverride();
s.v = 3;
console.log(s.v, s.describe());
class FieldShadow extends Base {
  declare name: string;
}
console.log(new FieldShadow().name);
class MethodOverride extends Base {
  describe() { return "override(" + super.describe() + ")"; }
}
console.log(new MethodOverride().describe());
const list: Base[] = [new Base(), d, s, new MethodOverride()];
console.log(list.map((x) => x.describe()));
class Shape {
  area() { return 0; }
  toString() { return `${this.constructor.name}(${this.area()})`; }
}
class Circle extends Shape {
  constructor(public r: number) { super(); }
  area() { return Math.round(Math.PI * this.r * this.r); }
}
class Square extends Shape {
  constructor(public s: number) { super(); }
  area() { return this.s * this.s; }
}
console.log(`${new Circle(2)} ${new Square(3)} ${new Shape()}`);
