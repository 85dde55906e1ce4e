// for-of over Map and Set (insertion order)
const m = new Map<string, number>([["one", 1], ["two", 2]]);
m.set("three", 3);
m.set("one", 100);
for (const entry of m) console.log(entry);
for (const [k, v] of m) console.log(k, v);
for (const k of m.keys()) console.log("key", k);
for (const v of m.values()) console.log("value", v);
for (const [k, v] of m.entries()) console.log("entry", k, v);
const s = new Set(["b", "a", "b", "c"]);
for (const x of s) console.log("set", x);
for (const x of s.values()) console.log("values", x);
for (const [a, b] of s.entries()) console.log("set entry", a, b);
m.delete("two");
m.set("two", 22);
console.log([...m.keys()]);
const mutating = new Set([1, 2]);
const seen: number[] = [];
for (const x of mutating) {
  seen.push(x);
  if (x < 4) mutating.add(x + 2);
}
console.log(seen);
