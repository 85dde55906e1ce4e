// Reads and writes of class fields where the binding's type predicts a
// plain-data class: the instance's shape is tested first, and every other
// object (a literal typed as the class, a subclass instance, a frozen or
// reshaped instance) takes the general path.

class Vec3 {
  constructor(public x: number, public y: number, public z: number) {}
  len(): number {
    return Math.sqrt(this.x * this.x + this.y * this.y + this.z * this.z);
  }
}

class Body {
  constructor(
    public x: number, public y: number, public z: number,
    public vx: number, public vy: number, public vz: number,
    public mass: number,
  ) {}
}

function step(bodies: Body[], dt: number): number {
  let e = 0;
  for (let i = 0; i < bodies.length; i++) {
    const b = bodies[i];
    b.x += dt * b.vx;
    b.y += dt * b.vy;
    b.z += dt * b.vz;
    b.vx -= b.x * 0.01;
    e += b.mass * (b.vx * b.vx + b.vy * b.vy + b.vz * b.vz);
  }
  return e;
}

const bodies: Body[] = [];
for (let i = 0; i < 6; i++) bodies.push(new Body(i, i * 2, i * 3, 1, 0.5, 0.25, 10 + i));
let e = 0;
for (let s = 0; s < 100; s++) e = step(bodies, 0.01);
console.log(e.toFixed(6), bodies[3].x.toFixed(6), bodies[5].vx.toFixed(6));

function sum(vs: Vec3[]): number {
  let t = 0;
  for (const v of vs) t += v.x + v.y * 10 + v.z * 100;
  return t;
}

class Vec4 extends Vec3 {
  constructor(x: number, y: number, z: number, public w: number) {
    super(x, y, z);
  }
}

const mixed: Vec3[] = [
  new Vec3(1, 2, 3),
  { x: 4, y: 5, z: 6 } as unknown as Vec3,
  new Vec4(7, 8, 9, 10),
  Object.assign(new Vec3(0, 0, 0), { extra: true }),
  new Vec3(1, 1, 1),
];
console.log(sum(mixed));

// A field deleted, redefined as an accessor, or the instance frozen.
const gone: Vec3 = new Vec3(1, 2, 3);
delete (gone as { x?: number }).x;
console.log(gone.x, gone.y, sum([gone]));

const acc: Vec3 = new Vec3(1, 2, 3);
let reads = 0;
Object.defineProperty(acc, "y", { get() { reads++; return 42; }, set(v: number) { reads += v; } });
acc.y = 100;
console.log(acc.y, reads, acc.len().toFixed(4));

const frozen: Vec3 = Object.freeze(new Vec3(5, 6, 7));
try {
  frozen.x = 50;
  console.log("no error");
} catch (err) {
  console.log((err as Error).constructor.name, frozen.x);
}

const sealed: Vec3 = Object.seal(new Vec3(5, 6, 7));
sealed.z = 70;
console.log(sealed.z, Object.isSealed(sealed));

// Writes through a binding whose value is not an object at all.
let maybe: Vec3 = new Vec3(1, 2, 3);
maybe.x = 9;
maybe = null as unknown as Vec3;
try {
  maybe.x = 1;
} catch (err) {
  console.log((err as Error).constructor.name);
}

// Many instances (minor collections under stress), read and written in a
// loop.
const many: Vec3[] = [];
for (let i = 0; i < 3000; i++) many.push(new Vec3(i, -i, i % 7));
let t = 0;
for (let r = 0; r < 5; r++) {
  for (let i = 0; i < many.length; i++) {
    const v = many[i];
    v.z += v.x * 0.5;
    t += v.z - v.y;
  }
}
console.log(t);

// Field order and values of a class with field initialisers.
class Point {
  x = 0;
  y = 0;
  label = "p";
}
const pts: Point[] = [new Point(), new Point()];
pts[1].x = 3;
pts[1].label = "q";
const q: Point = pts[1];
console.log(JSON.stringify(pts), q.x + q.y, q.label);
