// Map iteration order and forEach
const m = new Map<string, number>();
m.set("zeta", 1).set("alpha", 2).set("10", 3).set("2", 4);
console.log([...m.keys()]);
m.forEach((value, key, map) => console.log(key, value, map === m));
m.delete("alpha");
m.set("alpha", 5);
console.log([...m.entries()]);
const updated = new Map(m);
updated.set("zeta", 100);
console.log([...updated.values()], [...m.values()]);
const visited: string[] = [];
for (const [k] of m) {
  visited.push(k);
  if (k === "zeta") m.set("added-during-iteration", 0);
}
console.log(visited);
const wordCounts = new Map<string, number>();
for (const w of "b a c a b a".split(" ")) wordCounts.set(w, (wordCounts.get(w) ?? 0) + 1);
console.log(wordCounts);
const sorted = [...wordCounts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
console.log(sorted);
const inverted = new Map([...wordCounts].map(([k, v]) => [v, k]));
console.log(inverted);
let sum = 0;
wordCounts.forEach((v) => { sum += v; });
console.log(sum, wordCounts.size);
const it = m.keys();
console.log(it.next(), typeof it.next);
