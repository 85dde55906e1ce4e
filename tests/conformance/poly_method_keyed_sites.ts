// Method calls whose name several classes define test several receivers'
// prototype entries inline (IC_PROTO_POLY_WAYS); object literals keep one
// inline slot to spare for the property added next; keyed reads and writes of
// own data properties go through a cache by (shape, key). Each must answer
// exactly what the ordinary lookup answers, through prototype changes,
// shadowing, freezing and dictionary mode.

abstract class Shape {
  constructor(public id: number) {}
  abstract kind(): string;
  describe(): string {
    return `${this.kind()}#${this.id}:${this.size()}`;
  }
  size(): number {
    return 1;
  }
}
class A extends Shape {
  kind() {
    return "a";
  }
}
// Subclasses adding no field: instances share A's shape with another prototype.
class A1 extends A {
  kind() {
    return "a1";
  }
}
class A2 extends A1 {
  kind() {
    return "a2";
  }
  size() {
    return 2;
  }
}
class B extends Shape {
  kind() {
    return "b";
  }
}
class C extends Shape {
  kind() {
    return "c";
  }
  size() {
    return 3;
  }
}
class D extends Shape {
  kind() {
    return "d";
  }
}
class E extends Shape {
  kind() {
    return "e";
  }
}
class F extends Shape {
  kind() {
    return "f";
  }
}

function make(i: number): Shape {
  switch (i % 8) {
    case 0:
      return new A(i);
    case 1:
      return new A1(i);
    case 2:
      return new A2(i);
    case 3:
      return new B(i);
    case 4:
      return new C(i);
    case 5:
      return new D(i);
    case 6:
      return new E(i);
    default:
      return new F(i);
  }
}

function tally(shapes: Shape[], rounds: number): string {
  const counts: Record<string, number> = {};
  for (let r = 0; r < rounds; r++) {
    for (const s of shapes) {
      const d = s.describe();
      const k = d.slice(0, d.indexOf("#"));
      counts[k] = (counts[k] ?? 0) + s.size();
    }
  }
  return Object.keys(counts)
    .sort()
    .map((k) => `${k}=${counts[k]}`)
    .join(" ");
}

const shapes: Shape[] = [];
for (let i = 0; i < 40; i++) shapes.push(make(i));
console.log("mixed:", tally(shapes, 50));

// A method replaced on a prototype, then on the grandparent, then shadowed on
// the middle prototype, then on one instance; a prototype swapped.
const kindOfA = A.prototype.kind;
A.prototype.kind = () => "A!";
console.log("replaced:", tally(shapes, 3));
A.prototype.kind = kindOfA;
const sizeOfShape = Shape.prototype.size;
Shape.prototype.size = function () {
  return 10;
};
console.log("grandparent:", tally(shapes, 3));
(A1.prototype as any).size = () => 5;
console.log("shadowed:", tally(shapes, 3));
delete (A1.prototype as any).size;
Shape.prototype.size = sizeOfShape;
(shapes[3] as any).kind = () => "own";
Object.setPrototypeOf(shapes[5], C.prototype);
console.log("instance:", tally(shapes, 3), shapes[3].describe(), shapes[5].describe());

// Object literals extended after they are made.
function record(i: number) {
  return { id: i, name: `n${i}` };
}
const recs = [];
for (let i = 0; i < 5; i++) {
  const r: any = record(i);
  r.extra = i * 2;
  if (i % 2 === 0) r.more = "m";
  if (i === 4) r.third = [r.extra];
  recs.push(r);
}
console.log("records:", JSON.stringify(recs), Object.keys(recs[4]).join(","));
const frozen: any = Object.freeze(record(9));
try {
  frozen.extra = 1;
} catch (e) {
  console.log("frozen add:", (e as Error).constructor.name);
}
console.log("frozen:", JSON.stringify(frozen), "extra" in frozen);

// Keyed reads and writes.
const bag: Record<string, any> = { a: 1, b: 2, c: 3 };
const keys = ["a", "b", "c", "d"];
for (let i = 0; i < 100; i++) {
  const k = keys[i % 4];
  bag[k] = (bag[k] ?? 0) + i;
}
console.log("bag:", JSON.stringify(bag));
Object.defineProperty(bag, "a", { writable: false });
try {
  for (const k of keys) bag[k] = 0;
} catch (e) {
  console.log("read-only:", (e as Error).constructor.name, JSON.stringify(bag));
}
const acc: any = {
  hidden: 0,
  get v() {
    return this.hidden;
  },
  set v(x: number) {
    this.hidden = x * 10;
  },
};
for (let i = 0; i < 3; i++) {
  const k = i < 2 ? "v" : "hidden";
  acc[k] = i + 1;
  console.log("accessor:", k, acc[k], acc.hidden);
}
class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
  set z(v: number) {
    this.x = v;
  }
}
const p: any = new Point(1, 2);
for (const k of ["x", "y", "z", "x"]) p[k] = p[k] === undefined ? 7 : p[k] + 1;
console.log("instance keys:", p.x, p.y, p.z, Object.keys(p).join(","));
const big: Record<string, number> = {};
for (let i = 0; i < 40; i++) big[`k${i}`] = i;
for (let i = 0; i < 40; i += 3) delete big[`k${i}`];
let sum = 0;
for (let i = 0; i < 40; i++) {
  const k = `k${i}`;
  if (k in big) big[k] = big[k] * 2;
  sum += big[k] ?? 0;
}
console.log("dictionary:", sum, Object.keys(big).length);
const proto = { inherited: 1 };
const child: any = Object.create(proto);
child.own = 2;
for (const k of ["own", "inherited", "inherited"]) child[k] = child[k] + 1;
console.log("inherited:", child.own, child.inherited, proto.inherited, Object.keys(child).join(","));
