// Inherited data properties (methods on a class's or a built-in's
// prototype) are found through the prototype cache, keyed by the shapes
// and kinds along the chain. Every change to the chain must be seen by the
// next read at the same site.

class A {
  m(): string {
    return "A.m";
  }
  n(): string {
    return "A.n";
  }
}
class B extends A {
  k(): string {
    return "B.k";
  }
}

function callM(o: any): string {
  try {
    return o.m();
  } catch (e) {
    return (e as Error).constructor.name;
  }
}
function callN(o: any): string {
  try {
    return o.n();
  } catch (e) {
    return (e as Error).constructor.name;
  }
}

const a = new A();
const b = new B();
const out: string[] = [];
for (let round = 0; round < 9; round++) {
  out.push(callM(a) + "|" + callM(b) + "|" + callN(b));
  switch (round) {
    case 0:
      // Replaced in place on the prototype.
      A.prototype.m = () => "A.m2";
      break;
    case 1:
      // Shadowed on the intermediate prototype (depth 2 becomes depth 1).
      (B.prototype as any).m = () => "B.m";
      break;
    case 2:
      // Shadowed on the instance.
      (b as any).m = () => "own";
      break;
    case 3:
      delete (b as any).m;
      delete (B.prototype as any).m;
      break;
    case 4:
      // A getter in place of the method.
      Object.defineProperty(A.prototype, "n", { get: () => () => "getter n", configurable: true });
      break;
    case 5:
      delete (A.prototype as any).n;
      break;
    case 6:
      // Another prototype for the instance.
      Object.setPrototypeOf(b, { m: () => "other proto", n: () => "other n" });
      break;
    case 7:
      Object.setPrototypeOf(a, null);
      break;
  }
}
console.log(out.join("\n"));

// Built-ins: Map methods, an array's own `push`, a replaced Array.prototype
// method, and objects of another kind with the same shape.
{
  const m = new Map<number, number>();
  const s = new Set<number>();
  let hits = 0;
  for (let i = 0; i < 50; i++) {
    m.set(i % 7, i);
    s.add(i % 5);
    if (m.has(i % 11)) hits++;
  }
  console.log(m.size, s.size, hits);
  const origHas = Map.prototype.has;
  Map.prototype.has = function (this: Map<number, number>, k: number) {
    return origHas.call(this, k) && k > 3;
  };
  let hits2 = 0;
  for (let i = 0; i < 20; i++) if (m.has(i)) hits2++;
  Map.prototype.has = origHas;
  console.log(hits2);

  const arrs: number[][] = [[], [], []];
  (arrs[1] as any).push = function (x: number) {
    return "own push " + x;
  };
  const res: any[] = [];
  for (let r = 0; r < 2; r++) for (const arr of arrs) res.push(arr.push(r));
  console.log(JSON.stringify(res));
  const origPush = Array.prototype.push;
  (Array.prototype as any).push = function (this: any[], x: number) {
    return origPush.call(this, x * 100);
  };
  const z: number[] = [];
  z.push(1);
  z.push(2);
  Array.prototype.push = origPush;
  z.push(3);
  console.log(z.join(","));
}

// Plain objects made by Object.create, and prototypes with equal shapes.
{
  const p1 = { greet(): string { return "p1"; } };
  const p2 = { greet(): string { return "p2"; } };
  const objs = [Object.create(p1), Object.create(p2), Object.create(p1), { greet: () => "own" }];
  const seen: string[] = [];
  for (let r = 0; r < 2; r++) {
    for (const o of objs) seen.push(o.greet());
    p1.greet = () => "p1'";
  }
  console.log(seen.join(","));
  const withToString = [{}, Object.create(null), new A(), [1, 2]];
  console.log(withToString.map((o: any) => (typeof o.toString === "function" ? Object.prototype.toString.call(o) : "none")).join(","));
}

// A frozen prototype, and a prototype that is a function.
{
  class F {
    v(): number {
      return 1;
    }
  }
  const f = new F();
  let t = 0;
  for (let i = 0; i < 5; i++) {
    t += f.v();
    if (i === 2) Object.freeze(F.prototype);
  }
  const fnProto = function () {};
  (fnProto as any).v = () => 10;
  const g = Object.create(fnProto);
  t += g.v() + g.v();
  console.log(t, typeof g.call, g.name);
}

// One call site, its receiver's prototype changed between calls: a
// replaced method, another prototype, a deleted method, a getter.
{
  function probe(m: Map<number, number>, k: number): string {
    try {
      return String(m.has(k)) + ":" + String(m.get(k));
    } catch (e) {
      return (e as Error).constructor.name;
    }
  }
  const m = new Map<number, number>([[1, 10]]);
  const origGet = Map.prototype.get;
  const r: string[] = [];
  for (let i = 0; i < 8; i++) {
    r.push(probe(m, 1));
    if (i === 1) (Map.prototype as any).get = function () {
      return "patched";
    };
    if (i === 2) Object.setPrototypeOf(m, Object.create(Map.prototype, { get: { value: () => "proto2" } }));
    if (i === 3) Object.setPrototypeOf(m, Map.prototype);
    if (i === 4) delete (Map.prototype as any).get;
    if (i === 5) Object.defineProperty(Map.prototype, "get", { get: () => () => "via getter", configurable: true });
    if (i === 6) Object.defineProperty(Map.prototype, "get", { value: origGet, writable: true, configurable: true, enumerable: false });
  }
  console.log(r.join(" "));

  function pushAll(arrs: number[][], x: number): string {
    return arrs.map((a) => String(a.push(x))).join(",");
  }
  const arrs: number[][] = [[], [1], [1, 2]];
  const pr: string[] = [];
  const origPush = Array.prototype.push;
  for (let i = 0; i < 5; i++) {
    pr.push(pushAll(arrs, i));
    if (i === 1) (Array.prototype as any).push = function () {
      return -1;
    };
    if (i === 2) Array.prototype.push = origPush;
    if (i === 3) Object.setPrototypeOf(arrs[0], { push: () => "plain proto" });
  }
  console.log(pr.join(" "));
}
