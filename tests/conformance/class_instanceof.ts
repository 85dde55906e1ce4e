// instanceof across class hierarchies and with constructor functions
class A {}
class B extends A {}
class C extends B {}
class D {}
const objs = [new A(), new B(), new C(), new D(), {}, [], null, undefined, 1, "s"];
for (const o of objs) {
  console.log(String(o && (o as any).constructor?.name), [A, B, C, D, Object].map((K) => (o as any) instanceof K).join(" "));
}
class Shape {}
class Circle extends Shape {}
function area(s: Shape) {
  if (s instanceof Circle) return "circle";
  if (s instanceof Shape) return "shape";
  return "unknown";
}
console.log(area(new Circle()), area(new Shape()), area({} as Shape));
const err = new RangeError("r");
console.log(err instanceof RangeError, err instanceof Error, err instanceof TypeError, err instanceof Object);
console.log([1, 2] instanceof Array, new Map() instanceof Object, (() => 0) instanceof Function);
console.log(Object.create(C.prototype) instanceof A);
