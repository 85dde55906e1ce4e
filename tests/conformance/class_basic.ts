// Class constructors, methods and instances
class Point {
  x: number;
  y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
  add(other: Point) {
    return new Point(this.x + other.x, this.y + other.y);
  }
  toString() {
    return `(${this.x}, ${this.y})`;
  }
  equals(o: Point) {
    return this.x === o.x && this.y === o.y;
  }
}
const p = new Point(1, 2);
const q = p.add(new Point(10, 20));
console.log(p.x, p.y, q.x, q.y);
console.log(String(q), `${p}`);
console.log(p.equals(new Point(1, 2)), p === new Point(1, 2));
console.log(p);
console.log(typeof Point, typeof p, p instanceof Point);
console.log(p.constructor === Point, Point.name);
console.log(Object.keys(p));
console.log(p.add === q.add, Object.getPrototypeOf(p) === Point.prototype);
class Empty {}
console.log(new Empty(), Object.keys(new Empty()).length);
class ReturnsEarly {
  value = 1;
  constructor(flag: boolean) {
    if (flag) return;
    this.value = 2;
  }
}
console.log(new ReturnsEarly(true).value, new ReturnsEarly(false).value);
class NoParens { v = "no parens"; }
const np = new NoParens;
console.log(np.v);
