// Top-level await in the entry module, for await at top level, ordering
// with microtasks and timers; module variables live across awaits.
console.log("start");
let counter = 0;
const tick = () => new Promise<number>((r) => setTimeout(() => r(++counter), 0));

Promise.resolve().then(() => console.log("microtask before first await"));
const a = await tick();
console.log("after first await", a);

function helper(x: number) {
  return x * 2;
}

const values: number[] = [];
for await (const v of [tick(), tick(), 7]) values.push(v);
console.log("values", values, helper(values.length));

async function* gen() {
  yield "g1";
  await null;
  yield "g2";
}
for await (const g of gen()) console.log(g);

try {
  await Promise.reject(new Error("top-level rejection"));
} catch (e) {
  console.log("caught", (e as Error).message);
}

const results = await Promise.all([tick(), tick()]);
console.log("all", results, counter);

let acc = "";
for (const s of ["x", "y", "z"]) {
  acc += await Promise.resolve(s);
}
console.log("acc", acc);

setTimeout(() => console.log("timer after body"), 0);
queueMicrotask(() => console.log("microtask after body"));
console.log("end of body");
