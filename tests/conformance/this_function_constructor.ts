// this in classic constructor functions and prototype methods
function Point(this: any, x: number, y: number) {
  this.x = x;
  this.y = y;
}
Point.prototype.sum = function () { return this.x + this.y; };
Point.prototype.scale = function (k: number) { this.x *= k; this.y *= k; return this; };
const p = new (Point as any)(2, 3);
console.log(p.x, p.y, p.sum());
console.log(p.scale(10).sum());
console.log(p instanceof (Point as any));
console.log(Object.keys(p));
function ReturnsObject(this: any) {
  this.ignored = true;
  return { replaced: true };
}
console.log(new (ReturnsObject as any)());
function ReturnsPrimitive(this: any) {
  this.kept = true;
  return 42;
}
console.log(new (ReturnsPrimitive as any)());
function Counter(this: any) { this.n = 0; }
Counter.prototype.inc = function () { return ++this.n; };
const c1 = new (Counter as any)();
const c2 = new (Counter as any)();
c1.inc(); c1.inc(); c2.inc();
console.log(c1.n, c2.n, c1.inc === c2.inc);
console.log(Object.getPrototypeOf(c1) === Counter.prototype);
console.log(typeof Counter.prototype.constructor, Counter.prototype.constructor === Counter);
