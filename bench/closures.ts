// Closure pipelines: adder closures made in a loop, compose(...fns) over
// them, a curried arrow add(a)(b)(c) applied per element, counter objects of
// arrows ({ inc, get, reset }) made by a factory, and callbacks to forEach,
// map, filter and reduce, over 2000 numbers, ROUNDS rounds.
// ROUNDS = process.argv[2], default 1500.
// quick size: 15
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 1500) | 0;

type Fn = (x: number) => number;

interface Counter {
  inc: (by?: number) => void;
  get: () => number;
  reset: () => void;
}

const MOD = 1000003;

const compose = (...fns: Fn[]): Fn => (x: number) => fns.reduceRight((acc, f) => f(acc), x);

const add = (a: number) => (b: number) => (c: number) => a + b + c;

function makeCounter(start = 0): Counter {
  let count = start;
  return {
    inc: (by = 1) => {
      count += by;
    },
    get: () => count,
    reset: () => {
      count = start;
    },
  };
}

function makeAdders(n: number): Fn[] {
  const adders: Fn[] = [];
  for (let i = 0; i < n; i++) adders.push((x) => x + i); // each closes over its own i
  return adders;
}

function makeData(n: number): number[] {
  const data: number[] = [];
  let x = 12345;
  for (let i = 0; i < n; i++) {
    x = (x * 48271) % 2147483647;
    data.push(x % 10000);
  }
  return data;
}

const data = makeData(2000);
const adders = makeAdders(16);
const scale = (k: number): Fn => (x) => (x * k) % MOD;
const pipelines: Fn[] = [
  compose(...adders.slice(0, 4)),
  compose(scale(3), ...adders.slice(4, 8), scale(7)),
  compose(...adders.slice(8).map((f) => compose(f, scale(5)))),
];

let total = 0;
const evens = makeCounter();
const kept = makeCounter();
for (let r = 0; r < ROUNDS; r++) {
  const addRound = add(r % 97);
  const pipeline = pipelines[r % pipelines.length];
  const counter = makeCounter(r % 10);
  const shifted = data.map((v, i) => addRound(i & 7)(v));
  shifted.forEach((v) => {
    if (v % 2 === 0) evens.inc();
    if (v % 3 === 0) counter.inc(2);
  });
  const out = shifted
    .filter((v) => v % 5 !== 0)
    .map(pipeline)
    .reduce((acc, v) => (acc + v) % MOD, 0);
  kept.inc(out % 7);
  total = (total + out + counter.get()) % MOD;
  adders.forEach((f, i) => {
    total = f(total * (i + 1)) % MOD;
  });
  if (r % 100 === 50) kept.reset();
}
console.log(total, evens.get(), kept.get());
