// Map and Set under a long random sequence of inserts, updates, deletes and
// lookups with mixed key types (numbers incl. -0 and NaN, strings, objects,
// symbols), checked against a digest of every answer and of the final
// iteration order. Exercises growth, in-place compaction after deletions and
// the hashed index.
let seed = 12345;
function rnd(n: number): number {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
}
const objs: object[] = [];
for (let i = 0; i < 64; i++) objs.push({ i });
const syms: symbol[] = [];
for (let i = 0; i < 16; i++) syms.push(Symbol("s" + i));
function key(): any {
  switch (rnd(6)) {
    case 0: return rnd(5000);
    case 1: return "k" + rnd(3000);
    case 2: return objs[rnd(objs.length)];
    case 3: return syms[rnd(syms.length)];
    case 4: return [0, -0, NaN, 1.5, -1][rnd(5)];
    default: return rnd(100) * 1000003;
  }
}
function show(k: any): string {
  if (typeof k === "object") return "o" + k.i;
  if (typeof k === "symbol") return k.toString();
  if (typeof k === "number" && Object.is(k, -0)) return "-0";
  return typeof k + ":" + String(k);
}
const m = new Map<any, number>();
const s = new Set<any>();
let digest = 0;
function mix(x: number) {
  digest = (digest * 31 + x) % 1000000007;
}
for (let step = 0; step < 200000; step++) {
  const k = key();
  const op = rnd(10);
  if (op < 4) {
    m.set(k, step);
    s.add(k);
  } else if (op < 7) {
    mix(m.delete(k) ? 1 : 2);
    mix(s.delete(k) ? 3 : 4);
  } else {
    const v = m.get(k);
    mix(v === undefined ? 5 : v % 1000);
    mix(s.has(k) ? 6 : 7);
  }
  if (step % 20000 === 0) mix(m.size * 7 + s.size);
}
console.log("digest", digest, "sizes", m.size, s.size);
let order = 0;
for (const [k, v] of m) order = (order * 17 + show(k).length + v) % 1000000007;
for (const k of s) order = (order * 13 + show(k).length) % 1000000007;
console.log("order", order);
console.log([...m.keys()].slice(0, 8).map(show).join(" "));
console.log([...s].slice(-8).map(show).join(" "));
m.clear();
console.log(m.size, m.get(0), s.has(NaN), s.has(-0), s.has(0));
