// Functions some of whose parameters are numbers (declared `number`, or
// untyped and only ever set to numbers) get a number entry for those: the
// general entry forwards when they hold numbers, whatever the others hold.

function sumTo(n: number, xs: number[], scale: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += xs[i] * scale;
  return s;
}
const xs = [1, 2, 3, 4, 5];
console.log(sumTo(5, xs, 2), sumTo(3, xs, 0.5), sumTo(0, xs, 1));
// Not numbers at run time: the general entry runs with the spec's operators.
console.log(sumTo("3" as any, xs, 2), sumTo(5, xs, "2" as any), sumTo(2, [10, "x"] as any, 1));
console.log(sumTo({ valueOf: () => 2 } as any, xs, 1), sumTo(NaN, xs, 1), sumTo(-Infinity as any, [] as any, 1));

function label(prefix: string, n: number, pad) {
  let out = prefix;
  for (let i = 0; i < n; i++) out += pad;
  return out + n;
}
console.log(label("a", 3, "-"), label("b", 0, "?"), label("c", 2, 1), label(7 as any, 1, 1));

function fill(out: Float64Array, n: number, v: number): void {
  for (let i = 0; i < n; i++) out[i] = v * i;
}
const fa = new Float64Array(4);
fill(fa, 4, 1.5);
console.log(Array.from(fa));
fill(fa, "2" as any, 10);
console.log(Array.from(fa));

// Reassigned parameters stay numbers only when every write is one.
function walk(node: { next: any; v: number } | null, limit: number): number {
  let total = 0;
  while (node !== null && limit > 0) {
    total += node.v;
    node = node.next;
    limit--;
  }
  return total + limit;
}
const list = { v: 1, next: { v: 2, next: { v: 3, next: null } } };
console.log(walk(list, 10), walk(list, 2), walk(null, 5), walk(list, "2" as any));

// Recursion through the number entry, mixed with an object parameter.
function depth(t: { kids: any[] }, d: number): number {
  let m = d;
  for (const k of t.kids) {
    const r = depth(k, d + 1);
    if (r > m) m = r;
  }
  return m;
}
console.log(depth({ kids: [{ kids: [] }, { kids: [{ kids: [{ kids: [] }] }] }] }, 0), depth({ kids: [] }, "x" as any));
