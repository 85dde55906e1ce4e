// Remembered shape tests: a binding predicted to hold a plain-class
// instance (and used at least three times) has its shape tested once, and
// the result is remembered until a call or a new value. Every way the object can change between two
// accesses of the same binding must be seen by the second one.

class P {
  constructor(public x: number, public y: number) {}
}

function drop(o: any, k: string): void {
  delete o[k];
}
function toAccessor(o: any): void {
  let n = 0;
  Object.defineProperty(o, "y", { get: () => ++n * 100, configurable: true });
}
function freeze(o: any): void {
  Object.freeze(o);
}

// A call between two reads in one loop iteration, and across the back edge.
{
  const p = new P(1, 2);
  const seen: string[] = [];
  for (let i = 0; i < 4; i++) {
    seen.push(String(p.x));
    if (i === 1) drop(p, "x");
    seen.push(String(p.x) + "/" + p.y);
  }
  console.log(seen.join(","));
}

// Reads on both sides of a call on only one branch.
{
  const p = new P(3, 4);
  let s = "";
  for (let i = 0; i < 4; i++) {
    const a = p.y;
    if (i % 2 === 1) toAccessor(p);
    s += a + ":" + p.y + ":" + p.x + " ";
  }
  console.log(s.trim());
}

// A write after the object was frozen by a call (modules are strict).
{
  const p = new P(5, 6);
  p.x = 7;
  freeze(p);
  try {
    p.x = 8;
    console.log("no error", p.x);
  } catch (e) {
    console.log((e as Error).constructor.name, p.x);
  }
}

// A binding declared in a loop: each iteration's value is tested anew.
{
  const items: P[] = [new P(1, 1), { x: 2, y: 2 } as P, new P(3, 3), Object.create(new P(4, 4)) as P];
  let s = 0;
  for (let i = 0; i < items.length; i++) {
    const q = items[i];
    s += q.x * 10 + q.y;
    q.y = q.x + 1;
    s += q.y;
  }
  console.log(s, items.map((q) => q.y).join(","));
}

// for...of bindings, a closure call between the reads, and a throw.
{
  const ps: P[] = [new P(1, 2), new P(3, 4)];
  let out = "";
  for (const p of ps) {
    const read = (): number => p.x;
    out += p.x + "/";
    (p as any).extra = 1; // a property added inline after the others
    out += p.y + "/" + read() + "/";
    try {
      if (p.x > 2) throw new Error("big");
      out += p.y + ";";
    } catch {
      drop(p, "y");
      out += String(p.y) + ";";
    }
  }
  console.log(out);
}

// A getter that reshapes its own object, reached through the general path.
{
  class Q {
    constructor(public a: number, public b: number) {}
  }
  const q = new Q(1, 2);
  const r: Q = Object.defineProperty({ a: 10, b: 20 }, "a", {
    get() {
      delete (q as any).b;
      return 10;
    },
  }) as unknown as Q;
  const s = [q.a, q.b, r.a, q.b, q.a];
  console.log(s.join(","));
}

// Many instances through one binding per call of a function.
function total(ps: P[]): number {
  let t = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    t += p.x * p.y;
    p.x += 1;
    t += p.x;
  }
  return t;
}
{
  const ps: P[] = [];
  for (let i = 0; i < 100; i++) ps.push(new P(i, i % 7));
  ps[50] = { y: 1, x: 2 } as P;
  let t = 0;
  for (let r = 0; r < 5; r++) t += total(ps);
  console.log(t);
}
