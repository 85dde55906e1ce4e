// pass: calls
// Call targets: module functions, const arrows, local closures and methods by class-hierarchy
// analysis.
function square(x: number) {
  return x * x;
}
const cube = (x: number) => x * square(x);

abstract class Shape {
  abstract area(): number;
  abstract perimeter(): number;
  describe(): string {
    return "area " + this.area() + " perimeter " + this.perimeter();
  }
}
class Circle extends Shape {
  constructor(public r: number) {
    super();
  }
  area() {
    return 3.14 * square(this.r);
  }
  perimeter() {
    return 2 * 3.14 * this.r;
  }
}
class Rect extends Shape {
  constructor(public w: number, public h: number) {
    super();
  }
  area() {
    return this.w * this.h;
  }
  perimeter() {
    return 2 * (this.w + this.h);
  }
}
class Square extends Rect {
  constructor(s: number) {
    super(s, s);
  }
  describe(): string {
    return "square " + super.describe();
  }
}

export function total(shapes: Shape[], n: number) {
  const twice = (x: number) => 2 * x;
  let t = 0;
  for (let i = 0; i < shapes.length; i++) {
    t += twice(shapes[i].area()) + cube(n);
  }
  return t;
}
