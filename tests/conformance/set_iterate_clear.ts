// Set and Map iterators and forEach keep their place in the entry list
// across deletions, clear() and the rebuilds that growth and compaction
// cause: entries added after the position are visited, deleted ones are not.

const s = new Set([1, 2, 3]);
let n = 0;
const seen: number[] = [];
for (const x of s) {
  seen.push(x);
  if (n++ === 0) {
    s.clear();
    s.add(10);
    s.add(11);
  }
  if (n > 20) break;
}
console.log("set clear then add", seen.join(","));

const m = new Map([[1, "a"], [2, "b"], [3, "c"]]);
const ms: string[] = [];
n = 0;
for (const [k, v] of m) {
  ms.push(k + v);
  if (n++ === 0) {
    m.clear();
    for (let i = 0; i < 6; i++) m.set(100 + i, "x");
  }
  if (n > 20) break;
}
console.log("map clear then many", ms.join(","));

// Deleting most entries while adding enough to compact.
const big = new Set<number>();
for (let i = 0; i < 8; i++) big.add(i);
const order: number[] = [];
for (const x of big) {
  order.push(x);
  if (x < 8) {
    big.delete(x + 1);
    big.add(100 + x);
  }
  if (order.length > 50) break;
}
console.log("delete and add", order.join(","));

// Growth while iterating: every added entry is reached once.
const grow = new Set([0]);
const g: number[] = [];
for (const x of grow) {
  g.push(x);
  if (x < 40) grow.add(x + 1);
}
console.log("growth", g.length, g[g.length - 1]);

// Two iterators over one Set, one of them paused across a clear.
const two = new Set(["a", "b", "c"]);
const it1 = two.values();
const it2 = two.values();
console.log("it1", it1.next().value, "it2", it2.next().value, it2.next().value);
two.clear();
two.add("d");
for (let i = 0; i < 10; i++) two.add("e" + i);
for (let i = 0; i < 9; i++) two.delete("e" + i);
console.log("after clear", [...it1].join(","), [...it2].join(","));

// An exhausted iterator stays done.
const done = new Set([1]);
const di = done.values();
di.next();
console.log("done", JSON.stringify(di.next()));
done.add(2);
console.log("still done", JSON.stringify(di.next()));

// forEach sees the same.
const fe = new Map([["x", 1], ["y", 2]]);
const fl: string[] = [];
fe.forEach((_v, k) => {
  fl.push(k);
  if (k === "x") {
    fe.clear();
    for (let i = 0; i < 5; i++) fe.set("n" + i, i);
  }
});
console.log("forEach", fl.join(","));
const fs = new Set([1, 2, 3, 4]);
const fsl: number[] = [];
fs.forEach((v) => {
  fsl.push(v);
  fs.delete(v + 1);
  if (v < 20) fs.add(v + 10);
});
console.log("set forEach", fsl.join(","));

// Entries and keys iterators, and the inspected preview of a paused one.
const pm = new Map([["k1", 1], ["k2", 2], ["k3", 3]]);
const pe = pm.entries();
pe.next();
pm.delete("k2");
for (let i = 0; i < 8; i++) pm.set("z" + i, i);
for (let i = 0; i < 7; i++) pm.delete("z" + i);
console.log("preview", pe);
console.log("rest", JSON.stringify([...pe]));
