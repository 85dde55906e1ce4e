// Small methods and getters of top-level classes run in place at call sites
// (compiler/src/inline.rs); whatever the receiver, the result is the
// ordinary call's: other classes' methods by the same name, replaced and
// shadowed methods, literals with that method, argument counts, returns from
// branches, throws, try/finally and for-of around the call.
const log: string[] = [];
let counter = 0;

abstract class Shape {
  abstract area(): number;
  abstract kind(): string;
  describe(): string {
    return `${this.kind()}:${this.area()}`;
  }
}

class Rect extends Shape {
  constructor(public w: number, public h: number) {
    super();
  }
  area(): number {
    return this.w * this.h;
  }
  kind(): string {
    return "rect";
  }
  scale(f: number, g?: number): void {
    const k = g === undefined ? f : f * g;
    if (k < 0) throw "negative scale";
    this.w *= k;
    this.h *= k;
  }
  clamp(lo: number, hi: number): number {
    if (this.w < lo) return lo;
    if (this.w > hi) {
      return hi;
    }
    return this.w;
  }
  tick(): void {
    counter++;
  }
  nothing(): void {}
  tag(): void {
    (this as any).tagged = true;
  }
  get diagonal(): number {
    return Math.sqrt(this.w * this.w + this.h * this.h);
  }
}

class Circle extends Shape {
  #r: number;
  constructor(r: number) {
    super();
    this.#r = r;
  }
  area(): number {
    return Math.round(Math.PI * this.#r * this.#r);
  }
  kind(): string {
    return "circle";
  }
  get radius(): number {
    return this.#r;
  }
}

class Tri extends Shape {
  constructor(public b: number, public h: number) {
    super();
  }
  area(): number {
    // Not inlined: it calls.
    return half(this.b * this.h);
  }
  kind(): string {
    return "tri";
  }
}

function half(x: number): number {
  return x / 2;
}

const shapes: Shape[] = [new Rect(2, 3), new Circle(2), new Tri(4, 5), new Rect(1, 1)];
let total = 0;
for (let round = 0; round < 3; round++) {
  for (const s of shapes) {
    total += s.area();
    log.push(s.describe());
  }
}
console.log(total, log.join(" "));

// A literal with a method of the same name, and an instance's own property.
const fake = { area() { return 100; }, kind() { return "fake"; } };
const r = new Rect(3, 4);
console.log(fake.area(), r.area(), r.kind(), r.diagonal);
(r as any).area = () => 42;
console.log(r.area(), new Rect(3, 4).area());

// Fewer and more arguments, evaluated in order.
const r2 = new Rect(1, 2);
r2.scale(2);
console.log(r2.w, r2.h);
const order: number[] = [];
(r2 as any).scale((order.push(1), 3), (order.push(2), 1), (order.push(3), 99));
console.log(r2.w, r2.h, order.join(","));
console.log(r2.clamp(1, 5), r2.clamp(10, 20), new Rect(0.5, 0).clamp(1, 2), r2.nothing());
try {
  r2.scale(-1);
} catch (e) {
  console.log("caught", e, r2.w);
}

// A return from the inlined body is not the caller's: finally and for-of run once.
function withFinally(x: Rect): number {
  try {
    return x.area() + 1;
  } finally {
    log.push("finally");
  }
}
log.length = 0;
console.log(withFinally(new Rect(2, 2)), log.join(","));
function firstBig(xs: Rect[]): number {
  for (const x of xs) {
    if (x.area() > 5) return x.area();
    x.tick();
  }
  return -1;
}
console.log(firstBig([new Rect(1, 1), new Rect(2, 2), new Rect(3, 3)]), counter);

// Replacing the method on the prototype (and restoring it), a getter redefined.
const rr = new Rect(2, 5);
const saved = Rect.prototype.area;
console.log(rr.area());
Rect.prototype.area = function (this: Rect) {
  return -this.w;
};
console.log(rr.area(), rr.describe());
Rect.prototype.area = saved;
console.log(rr.area());
Object.defineProperty(Rect.prototype, "diagonal", { get() { return "redefined"; }, configurable: true });
console.log(rr.diagonal);

// A method that adds a property, then reads of it; a getter of a private field.
rr.tag();
console.log((rr as any).tagged, new Circle(3).radius, new Circle(3).area());

// Called on something else entirely through the same site.
function areaOf(x: { area(): number }): number {
  return x.area();
}
let acc = 0;
for (let i = 0; i < 50; i++) acc += areaOf(i % 3 === 0 ? new Rect(i, 2) : i % 3 === 1 ? fake : new Circle(1));
console.log(acc);

// Calls in a generator and an async function (not inlined there) agree.
function* gen(): Generator<number> {
  yield new Rect(2, 8).area();
}
async function later(): Promise<number> {
  await null;
  return new Rect(3, 3).area();
}
console.log([...gen()].join());
later().then((v) => console.log("async", v));
