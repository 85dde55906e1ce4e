// Language operators on proxies: indexing, updates, optional chaining,
// destructuring, for-in over an array proxy, spreading, JSON, promises.
const ap: any = new Proxy([10, 20, 30], {});
const p: any = new Proxy({ a: 1, m() { return "m:" + this.a; } }, {});
const sym = Symbol("s");
const tests: Array<[string, () => unknown]> = [
  ["index", () => [ap[0], ap["1"], p["a"], p[sym]]],
  ["index set", () => { ap[1] = 21; p[sym] = 5; return [ap[1], p[sym]]; }],
  ["delete index", () => [delete ap[2], ap.length, ap[2]]],
  ["update", () => { p.a++; p.a += 10; return p.a; }],
  ["optional", () => [p?.a, p.nope?.x, p.m?.()]],
  ["destructure", () => { const { a, ...rest } = p; const [x, ...ys] = ap; return [a, rest, x, ys]; }],
  ["method this", () => p.m()],
  ["compare", () => [p == p, p < 1, `${ap}`]],
  ["in loop", () => { const out: string[] = []; for (const k in ap) out.push(k); return out; }],
  ["arguments spread", () => Math.max(...ap)],
  ["array isArray of proxy of proxy", () => Array.isArray(new Proxy(ap, {}))],
  ["push through proxy", () => { ap.push(99); return ap.length; }],
  ["Object.entries array proxy", () => Object.entries(new Proxy([1, 2], {}))],
  ["json nested", () => JSON.stringify({ p, ap })],
  ["json parse reviver returns proxy", () => JSON.stringify(JSON.parse("[1]", (k, v) => (k === "0" ? new Proxy({ z: 1 }, {}) : v)))],
  ["structured typeof", () => [typeof p, typeof ap, typeof new Proxy(() => 1, {})]],
  ["promise resolve thenable proxy", () => typeof Promise.resolve(p).then],
  ["getter on proto proxy", () => { const o = Object.create(new Proxy({ get g() { return this.k; } }, {})); o.k = 7; return o.g; }],
];
for (const [name, f] of tests) {
  try { console.log(name, f()); } catch (e) { console.log(name, "->", (e as Error).constructor.name, (e as Error).message); }
}
