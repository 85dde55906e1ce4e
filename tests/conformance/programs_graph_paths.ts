// Shortest paths (Dijkstra without a heap), DFS topological sort and cycle detection
const graph: Record<string, [string, number][]> = {
  A: [["B", 4], ["C", 2]],
  B: [["C", 5], ["D", 10]],
  C: [["E", 3]],
  D: [["F", 11]],
  E: [["D", 4]],
  F: [],
};
function dijkstra(start: string) {
  const dist: Record<string, number> = {};
  const prev: Record<string, string | null> = {};
  for (const k of Object.keys(graph)) { dist[k] = Infinity; prev[k] = null; }
  dist[start] = 0;
  const done = new Set<string>();
  while (done.size < Object.keys(graph).length) {
    let u: string | null = null;
    for (const k of Object.keys(dist)) if (!done.has(k) && (u === null || dist[k] < dist[u])) u = k;
    if (u === null || dist[u] === Infinity) break;
    done.add(u);
    for (const [v, w] of graph[u]) {
      if (dist[u] + w < dist[v]) { dist[v] = dist[u] + w; prev[v] = u; }
    }
  }
  return { dist, prev };
}
const { dist, prev } = dijkstra("A");
console.log(dist);
const path = (to: string) => { const p: string[] = []; for (let c: string | null = to; c; c = prev[c]) p.unshift(c); return p.join("->"); };
console.log(path("F"), path("D"), path("A"));
console.log(dijkstra("F").dist);
function topo(g: Record<string, [string, number][]>) {
  const state: Record<string, number> = {};
  const order: string[] = [];
  let cyclic = false;
  const visit = (n: string) => {
    if (state[n] === 1) { cyclic = true; return; }
    if (state[n] === 2) return;
    state[n] = 1;
    for (const [m] of g[n]) visit(m);
    state[n] = 2;
    order.unshift(n);
  };
  for (const n of Object.keys(g)) visit(n);
  return { order, cyclic };
}
console.log(topo(graph));
console.log(topo({ X: [["Y", 1]], Y: [["X", 1]] }).cyclic);
