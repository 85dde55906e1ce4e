// Object literals that never escape are not allocated; their field reads
// must still see exactly what the literal stored, in every control flow.

function loop(n: number): number {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const p = { x: i, y: i + 1, s: "v" + i };
    total += p.x + p.y + p.s.length;
  }
  return total;
}
console.log(loop(10000));

// Values of every kind, named functions, and reads after allocation.
function kinds(): any[] {
  const k = { n: -0, s: "str", o: { deep: [1, 2] }, f: (a: number) => a * 2, u: undefined, nul: null };
  const junk: number[][] = [];
  for (let i = 0; i < 3000; i++) junk.push([i]);
  return [Object.is(k.n, -0), k.s, k.o.deep[1], k.f(21), k.f.name, k.u, k.nul, typeof k.f, junk.length];
}
console.log(kinds());

// Reads in branches, loops and after a return path.
function flow(c: boolean): string {
  const p = { a: "A", b: "B" };
  let out = "";
  if (c) out += p.a;
  else out += p.b;
  for (let i = 0; i < 2; i++) out += p.a;
  try {
    if (!c) throw new Error(p.b);
  } catch (e) {
    out += (e as Error).message + p.a;
  } finally {
    out += p.b;
  }
  return out;
}
console.log(flow(true), flow(false));

// A read before the declaration is in the TDZ.
function early(): string {
  try {
    // @ts-ignore
    const v = q.x;
    return "no error " + v;
  } catch (e) {
    return (e as Error).constructor.name;
  } finally {
  }
  const q = { x: 1 };
}
console.log(early());

// new on a field, typeof of a field, a field holding a class.
class K {
  v = 7;
}
function ctor(): any[] {
  const m = { C: K, t: 3 };
  return [new m.C().v, typeof m.t, typeof m.C];
}
console.log(ctor());

// Module scope.
const cfg = { port: 3000, host: "localhost" };
console.log(cfg.host + ":" + cfg.port);
