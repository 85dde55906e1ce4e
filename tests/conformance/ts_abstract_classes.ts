// Abstract classes and members are erased; concrete subclasses work normally
abstract class Shape {
  abstract readonly name: string;
  abstract area(): number;
  describe(): string {
    return `${this.name} with area ${this.area().toFixed(2)}`;
  }
  static compare(a: Shape, b: Shape) {
    return a.area() - b.area();
  }
}
class Circle extends Shape {
  readonly name = "circle";
  constructor(private r: number) {
    super();
  }
  area() {
    return Math.PI * this.r ** 2;
  }
}
class Rect extends Shape {
  name = "rect";
  constructor(private w: number, private h: number) {
    super();
  }
  area() {
    return this.w * this.h;
  }
}
const shapes: Shape[] = [new Circle(1), new Rect(2, 3), new Circle(0.5)];
for (const s of shapes) console.log(s.describe());
console.log(shapes.sort(Shape.compare).map((s) => s.name));
console.log(shapes[0] instanceof Shape, shapes[0] instanceof Circle);
abstract class Base {
  protected abstract step(): string;
  run() { return ["start", this.step(), "end"].join(">"); }
}
class Impl extends Base {
  protected step() { return "impl"; }
}
console.log(new Impl().run());
console.log(typeof Shape, Object.getPrototypeOf(Circle) === Shape);
console.log(new Rect(1, 1));
