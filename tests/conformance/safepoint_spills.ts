// Values kept across calls by the safepoint pass (codegen/safepoints.rs):
// JS values live across slow-path calls inside loops (reloaded at the merge
// after the slow path), doubles and integers live across slow-path calls
// that clobber registers, long-lived values in straight-line code with many
// calls, and loop-invariant values across calls that allocate (under
// PERRY_GC_STRESS every allocation collects and moves young cells).
export {};

class P {
  constructor(public x: number, public y: number) {}
}
interface HasX { x: number }

// A polymorphic read site whose misses allocate (the getter) while the
// array, the running sums and the counter stay live across it.
function polySum(items: HasX[], rounds: number): string {
  let s = 0;
  let t = 0.5;
  let k = 0;
  const keep = { tag: "keep", list: [1, 2, 3] };
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < items.length; i++) {
      const it = items[i];
      s += it.x;
      t = t * 1.0001 + it.x / 7;
      k = (k + i) | 0;
      if ((i & 7) === 3) keep.list.push(k & 15);
    }
  }
  return `${s} ${t.toFixed(6)} ${k} ${keep.tag} ${keep.list.length}`;
}

const items: HasX[] = [];
for (let i = 0; i < 40; i++) {
  switch (i % 5) {
    case 0: items.push({ x: i }); break;
    case 1: items.push(new P(i, -i)); break;
    case 2: items.push({ a: "a" + i, x: i } as HasX); break;
    case 3: items.push({ get x() { return [i, i + 1].length + i; } }); break;
    default: items.push({ x: i, y: { deep: [i] } } as HasX); break;
  }
}
console.log(polySum(items, 25));

// Generic arithmetic whose slow path runs sometimes (strings, objects with
// valueOf) between fast number iterations, with doubles live across it.
function mixed(vals: unknown[]): string {
  let acc: any = 0;
  let f = 1.25;
  let text = "";
  for (let i = 0; i < vals.length; i++) {
    const v: any = vals[i];
    acc = acc + v;
    f = f * 1.5 - i * 0.25;
    if (typeof acc === "string") {
      text += acc.length;
      acc = 0;
    }
  }
  return `${acc} ${f} ${text}`;
}
console.log(mixed([1, 2, "x", 3, { valueOf() { return 10; } }, 4.5, "yz", [7], 8, null, undefined, true]));

// Matrix rows (loop-invariant arrays) with element stores that take the
// slow path on holes and on a frozen row.
function fill(n: number): number[][] {
  const m: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row: number[] = new Array(n);
    for (let j = 0; j < n; j += 2) row[j] = i * n + j;
    m.push(row);
  }
  Object.freeze(m[1]);
  return m;
}
function sumRows(m: number[][]): number {
  let total = 0;
  for (let i = 0; i < m.length; i++) {
    const row = m[i];
    for (let j = 0; j < row.length; j++) {
      const v = row[j];
      if (v === undefined) {
        try {
          row[j] = j;
        } catch {
          total += 1000;
        }
      } else total += v;
    }
  }
  return total;
}
const m = fill(9);
console.log(sumRows(m), sumRows(m), JSON.stringify(m[1]));

// Straight-line code: long-lived values across many calls and slow paths.
const a1 = { n: 1 };
const a2 = [a1, { n: 2 }];
const a3 = "three";
let acc2 = 0;
acc2 += a1.n;
console.log(a3.length, a2.length);
acc2 += (a2[1] as { n: number }).n;
console.log(JSON.stringify(a2), a3.toUpperCase());
acc2 += a2.map((o) => o.n).reduce((x, y) => x + y, 0);
console.log(acc2, a1.n, a3);

// A recursive function with a value live across two calls.
function depth(node: { left?: unknown; right?: unknown } | undefined): number {
  if (!node) return 0;
  const label = { seen: true };
  const l = depth(node.left as never);
  const r = depth(node.right as never);
  return label.seen ? 1 + Math.max(l, r) : -1;
}
function tree(d: number): { left?: unknown; right?: unknown } | undefined {
  return d === 0 ? undefined : { left: tree(d - 1), right: tree(d - 2 < 0 ? 0 : d - 2) };
}
console.log(depth(tree(12)));
