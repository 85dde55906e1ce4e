// Number regions: straight-line number code on class instances inside loops, compiled with
// its guards hoisted to one entry test (shapes, numbers in fields, Math built-ins). Every way
// the test can fail must run the ordinary code at the same point, with the same effects.

class P {
  constructor(public x: number, public y: number, public vx: number, public vy: number, public m: number) {}
}

function step(ps: P[], dt: number): void {
  const n = ps.length;
  for (let i = 0; i < n; i++) {
    const a = ps[i];
    for (let j = i; j < n; j++) {
      const b = ps[j];
      const dx = a.x - b.x, dy = a.y - b.y;
      const d2 = dx * dx + dy * dy + 0.01;
      const mag = dt / (d2 * Math.sqrt(d2));
      a.vx -= dx * b.m * mag;
      a.vy -= dy * b.m * mag;
      b.vx += dx * a.m * mag;
      b.vy += dy * a.m * mag;
    }
  }
  for (let i = 0; i < n; i++) {
    const p = ps[i];
    p.x += dt * p.vx;
    p.y += dt * p.vy;
  }
}

function sum(ps: P[]): string {
  let s = 0;
  for (const p of ps) s += p.x + p.y + p.vx + p.vy;
  return s.toFixed(9);
}

function make(): P[] {
  const ps: P[] = [];
  for (let i = 0; i < 6; i++) ps.push(new P(i * 1.5, i * -0.75, i / 10, -i / 20, 1 + i));
  return ps;
}

// 1. The plain case (and i === j: one object as both receivers).
let ps = make();
for (let k = 0; k < 200; k++) step(ps, 0.01);
console.log("plain", sum(ps));

// 2. A field that holds a string for a while: `+` concatenates, `-` makes NaN.
ps = make();
for (let k = 0; k < 20; k++) {
  if (k === 5) (ps[2] as any).x = "7";
  if (k === 9) ps[2].x = 7;
  step(ps, 0.01);
}
console.log("string field", sum(ps), typeof ps[2].x);

// 3. BigInt fields: the ordinary code's BigInt arithmetic, or its TypeError.
class Q {
  constructor(public a: number, public b: number) {}
}
function qsum(qs: Q[]): unknown[] {
  const out: unknown[] = [];
  for (let i = 0; i < qs.length; i++) {
    const q = qs[i];
    const d = q.a - q.b;
    q.a = d + d + q.b;
    out.push(q.a);
  }
  return out;
}
console.log("numbers", qsum([new Q(1, 2), new Q(3.5, 0.5)]));
console.log("bigints", qsum([new Q(5n as any, 2n as any)]).map(String));
try {
  qsum([new Q(1, 2), new Q(5n as any, 2)]);
} catch (e: any) {
  console.log("mixed", e.constructor.name);
}

// 4. Receivers that are not instances: a look-alike literal, a subclass, null.
class R extends P {
  extra = 1;
}
const mixed: P[] = [new P(1, 2, 3, 4, 5), { x: 1, y: 2, vx: 3, vy: 4, m: 5 } as P, new R(2, 3, 4, 5, 6), new P(0, 0, 0, 0, 1)];
step(mixed, 0.5);
console.log("mixed receivers", sum(mixed));
const withNull = [new P(1, 1, 1, 1, 1), null as unknown as P];
try {
  step(withNull, 0.1);
} catch (e: any) {
  console.log("null receiver", e.constructor.name, sum([withNull[0]]));
}

// 5. Shapes that change: a property added, one deleted, a frozen instance.
ps = make();
(ps[1] as any).tag = "t";
delete (ps[3] as any).vy;
step(ps, 0.1);
console.log("reshaped", sum(ps.filter((_, i) => i !== 3)), ps[3].vy);
ps = make();
Object.freeze(ps[4]);
try {
  step(ps, 0.1);
} catch (e: any) {
  console.log("frozen", e.constructor.name, sum(ps));
}

// 6. Math.sqrt replaced, then a getter, then Math itself replaced, then restored.
const realSqrt = Math.sqrt;
let calls = 0;
ps = make();
(Math as any).sqrt = (x: number) => {
  calls++;
  return realSqrt(x);
};
step(ps, 0.01);
console.log("replaced sqrt", calls, sum(ps));
let reads = 0;
Object.defineProperty(Math, "sqrt", {
  get() {
    reads++;
    return realSqrt;
  },
  configurable: true,
});
step(ps, 0.01);
console.log("sqrt getter", reads, sum(ps));
Object.defineProperty(Math, "sqrt", { value: realSqrt, writable: true, configurable: true, enumerable: false });
const realMath = Math;
let mathReads = 0;
(globalThis as any).Math = new Proxy(realMath, {
  get(t, k) {
    mathReads++;
    return Reflect.get(t, k);
  },
});
step(ps, 0.01);
(globalThis as any).Math = realMath;
console.log("Math proxied", mathReads, sum(ps));
step(ps, 0.01);
console.log("restored", sum(ps));

// 7. A Math function that changes a receiver's shape while the loop runs.
ps = make();
let once = true;
(Math as any).sqrt = (x: number) => {
  if (once) {
    once = false;
    delete (ps[5] as any).m;
    (ps[0] as any).x = "s";
  }
  return realSqrt(x);
};
step(ps, 0.01);
Math.sqrt = realSqrt;
console.log("sqrt reshapes", ps[0].x, ps[5].m, String(ps[1].vx).length > 0);

// 8. Locals declared in a run and read after it; outer locals assigned in it.
function after(ps: P[]): string {
  let total = 0;
  let last = 0;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    const d = p.x * 2 - p.y;
    p.vx += d;
    last = d + p.vx;
    total += last;
    console.log("d", d.toFixed(3));
  }
  return `${total.toFixed(3)} ${last.toFixed(3)}`;
}
console.log("after", after(make()));
console.log("after strings", after([new P("2" as any, 1, 0, 0, 0)]));

// 9. Special numbers: NaN, -0, Infinity, sqrt of a negative number.
class S {
  constructor(public a: number, public b: number, public c: number) {}
}
function special(ss: S[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < ss.length; i++) {
    const s = ss[i];
    const r = Math.sqrt(s.a) + s.b;
    s.c = r * s.b;
    s.a = Math.min(s.a, s.b) - Math.max(-0, s.c);
    out.push(`${Object.is(s.c, -0) ? "-0" : s.c} ${s.a}`);
  }
  return out;
}
console.log("special", special([new S(-1, 2, 0), new S(4, -0, 0), new S(Infinity, 1, 0), new S(NaN, NaN, NaN), new S(0, -0, 0)]));

// 10. The TDZ: a run that reads a binding before its declaration throws as it would.
function tdz(ss: S[]): string {
  try {
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i];
      s.a = s.b + 1;
      // @ts-ignore
      s.b = late * 2;
      const late = s.c;
      s.c = late + s.a;
    }
  } catch (e: any) {
    return `${e.constructor.name} ${ss[0].a} ${ss[0].b}`;
  }
  return "no error";
}
console.log("tdz", tdz([new S(1, 2, 3)]));

// An assignment in a run to a binding still in its TDZ throws before the run's writes after it.
function tdzAssign(ss: S[]): string {
  let out = "no error";
  try {
    for (let i = 0; i < ss.length; i++) {
      const s = ss[i];
      s.a = s.b + 1;
      // @ts-ignore
      later = s.a * 2;
      s.c = s.a + s.b;
    }
  } catch (e: any) {
    out = `${e.constructor.name} ${ss[0].a} ${ss[0].c}`;
  }
  let later = 0;
  return `${out} ${later}`;
}
console.log("tdz assign", tdzAssign([new S(1, 2, 3)]));

// 11. A captured local stays out of runs; integer counters and Math.imul/abs/floor inside.
function captured(ss: S[]): number[] {
  const fs: (() => number)[] = [];
  for (let i = 0; i < ss.length; i++) {
    const s = ss[i];
    let k = s.a * 2 + i;
    s.b = k + s.c;
    s.c = Math.imul(s.b, 3) + Math.abs(s.a) + Math.floor(s.c / 2);
    fs.push(() => k);
    k = s.c;
  }
  return fs.map((f) => f());
}
console.log("captured", captured([new S(1, 2, 3), new S(-4.5, 5, 6.25)]));

// 12. Many instances through a long loop, kept across collections.
const many: P[] = [];
for (let i = 0; i < 2000; i++) many.push(new P(i, -i, 0, 0, 1 + (i % 3)));
for (let k = 0; k < 5; k++) {
  for (let i = 0; i < many.length; i++) {
    const p = many[i];
    const q = many[(i * 7 + k) % many.length];
    const t = p.x * 0.5 - q.y * 0.25;
    p.vx += t / p.m;
    q.vy -= t / q.m;
    p.x += p.vx * 0.001;
  }
  const junk = [];
  for (let i = 0; i < 200; i++) junk.push({ i, s: "x" + i });
}
console.log("many", sum(many));
