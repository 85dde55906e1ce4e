// `new C(...)` of classes whose construction is plain data (fields copied
// from parameters and literals) is built inline by the compiler: the result
// must be indistinguishable from running the constructor.

class Point {
  x: number;
  y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
  norm1(): number {
    return Math.abs(this.x) + Math.abs(this.y);
  }
}

class Defaults {
  a = 1;
  b = "two";
  c = true;
  d = null;
  e: number | undefined;
  f?: string;
}

class Swapped {
  first: unknown;
  second: unknown;
  third = 3;
  constructor(a: unknown, b: unknown) {
    this.second = a;
    this.first = b;
    this.third = 30;
    this.first = "overwritten";
  }
}

class Params {
  extra = "e";
  constructor(public readonly id: number, private name: string) {}
  describe(): string {
    return `${this.id}:${this.name}:${this.extra}`;
  }
}

class Empty {}

class Node2 {
  left: Node2 | null;
  right: Node2 | null;
  constructor(left: Node2 | null, right: Node2 | null) {
    this.left = left;
    this.right = right;
  }
}

function show(label: string, o: object): void {
  console.log(label, JSON.stringify(o), Object.keys(o).join(","), o.constructor.name);
}

// Many instances through one site (the first goes through the general path).
let sum = 0;
for (let i = 0; i < 1000; i++) {
  const p = new Point(i, -i);
  sum += p.norm1();
}
console.log("sum", sum);

show("point", new Point(1, 2));
show("missing arg", new Point(5 as number, undefined as unknown as number));
// @ts-ignore: fewer arguments than parameters
show("fewer", new Point(7));
// @ts-ignore: more arguments than parameters
show("more", new Point(1, 2, 3, 4));
for (let i = 0; i < 3; i++) show("defaults", new Defaults());
for (let i = 0; i < 3; i++) show("swapped", new Swapped(i, { k: i }));
for (let i = 0; i < 3; i++) {
  const p = new Params(i, "n" + i);
  show("params", p);
  console.log(p.describe());
}
for (let i = 0; i < 3; i++) show("empty", new Empty());

// Instances are ordinary: extensible, deletable, instanceof, prototype methods.
const q = new Point(3, 4);
console.log(q instanceof Point, Object.getPrototypeOf(q) === Point.prototype, q.norm1());
(q as any).z = 9;
delete (q as any).x;
show("changed", q);
const r = new Point(3, 4);
show("fresh after change", r);
console.log(Object.getOwnPropertyDescriptor(r, "x"));

// A tree: nested constructions, and the garbage collector sees every field.
function build(d: number): Node2 {
  return d === 0 ? new Node2(null, null) : new Node2(build(d - 1), build(d - 1));
}
function count(n: Node2 | null): number {
  return n === null ? 0 : 1 + count(n.left) + count(n.right);
}
let total = 0;
for (let i = 0; i < 200; i++) total += count(build(8));
console.log("nodes", total);

// A class declared inside a function is a new class per call; each site
// must build instances of the class it was given.
function makeClass(tag: string) {
  class Local {
    tag = "t";
    v: number;
    constructor(v: number) {
      this.v = v;
    }
  }
  const a = new Local(1);
  return [a, Local] as const;
}
const [a1, L1] = makeClass("one");
const [a2, L2] = makeClass("two");
console.log(L1 === L2, a1 instanceof L1, a1 instanceof L2, a2 instanceof L2, JSON.stringify(a2));

// A setter on the prototype chain does not fire for declared fields.
Object.defineProperty(Object.prototype, "x", {
  set(v) {
    console.log("setter called", v);
  },
  configurable: true,
});
show("with setter", new Point(8, 9));
delete (Object.prototype as any).x;

// A subclass of a plain class is constructed through its constructor.
class Point3 extends Point {
  z: number;
  constructor(x: number, y: number, z: number) {
    super(x, y);
    this.z = z;
  }
}
for (let i = 0; i < 2; i++) show("point3", new Point3(1, 2, 3));
