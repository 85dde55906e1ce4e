// Closures capturing loop state, accumulators and deferred callbacks
const pending: (() => string)[] = [];
function schedule(label: string, n: number) {
  let local = n;
  pending.push(() => `${label}:${local}`);
  local *= 10;
}
schedule("a", 1);
schedule("b", 2);
console.log(pending.map((f) => f()));
function makeAccumulator() {
  const values: number[] = [];
  const add = (v: number) => { values.push(v); return add; };
  add.total = () => values.reduce((s, v) => s + v, 0);
  return add;
}
const acc = makeAccumulator();
acc(1)(2)(3);
console.log(acc.total());
function pipeline() {
  const steps: ((x: number) => number)[] = [];
  const api = {
    use(f: (x: number) => number) { steps.push(f); return api; },
    run(x: number) { return steps.reduce((v, f) => f(v), x); },
    count: () => steps.length,
  };
  return api;
}
const p = pipeline().use((x) => x + 1).use((x) => x * 2);
console.log(p.run(5), p.count());
p.use((x) => x - 3);
console.log(p.run(5), p.count());
const handlers: Record<string, () => number> = {};
let clicks = 0;
for (const id of ["ok", "cancel"]) {
  let ownClicks = 0;
  handlers[id] = () => { clicks++; return ++ownClicks; };
}
handlers.ok(); handlers.ok(); handlers.cancel();
console.log(clicks, handlers.ok(), handlers.cancel());
function debounceLike() {
  let last: string | null = null;
  let calls = 0;
  return (v: string) => { calls++; if (v === last) return `skip ${v} (${calls})`; last = v; return `run ${v} (${calls})`; };
}
const d = debounceLike();
console.log(["x", "x", "y", "x"].map(d));
