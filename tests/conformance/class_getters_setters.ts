// Class getters and setters
class Rectangle {
  private _w = 0;
  private _h = 0;
  constructor(w: number, h: number) {
    this.width = w;
    this.height = h;
  }
  get width() { return this._w; }
  set width(v: number) {
    if (v < 0) throw new RangeError("negative width");
    this._w = v;
  }
  get height() { return this._h; }
  set height(v: number) { this._h = Math.max(0, v); }
  get area() { return this._w * this._h; }
  static get unit() { return "cm"; }
}
const r = new Rectangle(3, 4);
console.log(r.width, r.height, r.area, Rectangle.unit);
r.width = 10;
r.height = -5;
console.log(r.width, r.height, r.area);
try {
  r.width = -1;
} catch (e: any) {
  console.log(e instanceof RangeError, e.name, e.message);
}
try {
  (r as any).area = 100;
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(r.area, Object.keys(r));
class Temp {
  #c = 0;
  get f() { return this.#c * 1.8 + 32; }
  set f(v) { this.#c = (v - 32) / 1.8; }
  get c() { return this.#c; }
}
const t = new Temp();
t.f = 212;
console.log(t.c, t.f);
t.f += 18;
console.log(t.c.toFixed(1), t.f.toFixed(1));
class Base {
  get kind() { return "base"; }
}
class Derived extends Base {
  get kind() { return "derived+" + super.kind; }
}
console.log(new Derived().kind);
console.log(r);
