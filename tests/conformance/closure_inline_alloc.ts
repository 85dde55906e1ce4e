// Function objects made many times at one site: after the first, compiled
// code allocates them inline from the site's remembered shape and prototype.
// Every kind of function a site can make, their own properties, and enough
// of them to fill eden several times over (collections between and during).

function adders(n: number): Array<(x: number) => number> {
  const out: Array<(x: number) => number> = [];
  for (let i = 0; i < n; i++) out.push((x) => x + i);
  return out;
}

const fs = adders(3000);
let sum = 0;
for (let i = 0; i < fs.length; i += 97) sum += fs[i](1);
console.log("adders", fs.length, sum, fs[0] !== fs[1], fs[2999](0));

// Arrows, function expressions, methods, async and generator functions:
// each with its own prototype, name, length, and (for constructors) a
// `prototype` property made when first asked for.
function kinds(k: number) {
  const arrow = (a: number, b: number) => a + b + k;
  const fn = function named(this: unknown, a: number) {
    return a * k;
  };
  const anon = function (a: number, b: number, c: number) {
    return a + b + c;
  };
  const obj = {
    m(x: number) {
      return x - k;
    },
  };
  const asyncArrow = async (x: number) => x + k;
  const gen = function* (n: number) {
    for (let i = 0; i < n; i++) yield i * k;
  };
  const asyncGen = async function* () {
    yield k;
  };
  return { arrow, fn, anon, m: obj.m, asyncArrow, gen, asyncGen };
}

let last: ReturnType<typeof kinds> | undefined;
for (let r = 0; r < 300; r++) last = kinds(r);
const k = last!;
const proto = (f: unknown) => Object.getPrototypeOf(f);
console.log(
  "protos",
  proto(k.arrow) === Function.prototype,
  proto(k.fn) === Function.prototype,
  proto(k.asyncArrow) === proto(async () => {}),
  proto(k.gen) === proto(function* () {}),
  proto(k.asyncGen) === proto(async function* () {}),
);
console.log("names", k.arrow.name, k.fn.name, k.anon.name, k.m.name, k.asyncArrow.name, k.gen.name, k.asyncGen.name);
console.log("lengths", k.arrow.length, k.fn.length, k.anon.length, k.m.length, k.asyncArrow.length, k.gen.length);
console.log("calls", k.arrow(1, 2), k.fn(3), k.anon(1, 2, 3), k.m(10), [...k.gen(4)].join(","));
console.log("prototype", typeof k.fn.prototype, k.fn.prototype.constructor === k.fn, "prototype" in k.arrow, "prototype" in k.m);
const made = new (k.fn as unknown as new (a: number) => object)(2);
console.log("construct", made instanceof (k.fn as unknown as new () => object), Object.getPrototypeOf(made) === k.fn.prototype);
try {
  new (k.arrow as unknown as new () => object)();
} catch (e) {
  console.log("arrow construct", (e as Error).constructor.name);
}
try {
  new (k.m as unknown as new () => object)();
} catch (e) {
  console.log("method construct", (e as Error).constructor.name);
}
k.asyncArrow(1).then((v) => console.log("async", v));
(async () => {
  for await (const v of k.asyncGen()) console.log("async gen", v);
})();

// Properties added to one closure stay on it; the next one from the same
// site starts bare.
function tagged(i: number) {
  const f = () => i;
  return f;
}
const a = tagged(1) as (() => number) & { tag?: string; extra?: number[] };
a.tag = "first";
a.extra = [1, 2, 3];
const b = tagged(2) as (() => number) & { tag?: string };
console.log("own props", a.tag, a.extra.join("+"), b.tag, Object.keys(a).join(","), Object.keys(b).length, a(), b());
Object.defineProperty(a, "name", { value: "renamed" });
console.log("renamed", a.name, b.name);

// Many captures: a large function object (still made correctly).
function wide(seed: number) {
  const [c0, c1, c2, c3, c4, c5, c6, c7, c8, c9] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => x + seed);
  const [d0, d1, d2, d3, d4, d5, d6, d7, d8, d9] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => x * seed);
  const [e0, e1, e2, e3, e4, e5, e6, e7, e8, e9] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((x) => x - seed);
  return () =>
    c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8 + c9 +
    d0 + d1 + d2 + d3 + d4 + d5 + d6 + d7 + d8 + d9 +
    e0 + e1 + e2 + e3 + e4 + e5 + e6 + e7 + e8 + e9;
}
let w = 0;
for (let i = 0; i < 300; i++) w += wide(i)();
console.log("wide", w);

// Closures kept across many collections, with mutable captured state.
function counter() {
  let n = 0;
  return { inc: () => ++n, get: () => n };
}
const counters = [];
for (let i = 0; i < 3000; i++) {
  const c = counter();
  for (let j = 0; j < i % 5; j++) c.inc();
  counters.push(c);
  if (counters.length > 200) counters.shift();
}
console.log("counters", counters.length, counters.reduce((s, c) => s + c.get(), 0));

// Functions as keys and values, compared by identity.
const m = new Map<() => number, number>();
for (let i = 0; i < 300; i++) m.set(tagged(i), i);
let found = 0;
for (const [f, v] of m) if (f() === v) found++;
console.log("map", m.size, found);
