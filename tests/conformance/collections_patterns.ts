// Common patterns with Map and Set: grouping, caching, dedupe, graph adjacency
const people = [
  { name: "ann", dept: "eng" }, { name: "bob", dept: "ops" },
  { name: "cy", dept: "eng" }, { name: "dee", dept: "hr" }, { name: "eve", dept: "ops" },
];
const byDept = new Map<string, string[]>();
for (const p of people) {
  if (!byDept.has(p.dept)) byDept.set(p.dept, []);
  byDept.get(p.dept)!.push(p.name);
}
console.log(byDept);
const cache = new Map<number, number>();
let computeCalls = 0;
function fib(n: number): number {
  if (n < 2) return n;
  if (cache.has(n)) return cache.get(n)!;
  computeCalls++;
  const v = fib(n - 1) + fib(n - 2);
  cache.set(n, v);
  return v;
}
console.log(fib(50), computeCalls, cache.size);
const edges: [string, string][] = [["a", "b"], ["a", "c"], ["b", "d"], ["c", "d"], ["d", "e"]];
const adj = new Map<string, Set<string>>();
for (const [from, to] of edges) {
  if (!adj.has(from)) adj.set(from, new Set());
  if (!adj.has(to)) adj.set(to, new Set());
  adj.get(from)!.add(to);
}
const order: string[] = [];
const visited = new Set<string>();
const queue = ["a"];
while (queue.length) {
  const n = queue.shift()!;
  if (visited.has(n)) continue;
  visited.add(n);
  order.push(n);
  for (const next of adj.get(n)!) queue.push(next);
}
console.log(order.join(" -> "));
const tags = ["x", "y", "x", "z", "y", "x"];
console.log([...new Set(tags)], new Set(tags).size);
const objectKeys = new Map<object, string>();
const k1 = {}, k2 = {};
objectKeys.set(k1, "first").set(k2, "second");
console.log(objectKeys.get(k1), objectKeys.get(k2), objectKeys.size);
