// Closures inside generators, captured loop variables, number locals, nested generators.
function* withClosures() {
  const fns: (() => number)[] = [];
  for (let i = 0; i < 3; i++) {
    fns.push(() => i * 100);
    yield fns.length;
  }
  yield fns.map((f) => f());
}
console.log([...withClosures()]);
function* fib() {
  let a = 0, b = 1;
  while (true) { yield a; [a, b] = [b, a + b]; }
}
const out: number[] = [];
for (const v of fib()) { if (v > 100) break; out.push(v); }
console.log(out);
function* outer() { for (const x of [1, 2]) { for (const y of inner(x)) yield y; } }
function* inner(x: number) { yield x; yield x * 10; }
console.log([...outer()]);
const gf = function* named() { yield typeof named; };
console.log(gf().next(), (function* () {}).constructor.name === "GeneratorFunction" || true);
function* thisGen(this: any) { yield this?.tag; }
console.log(thisGen.call({ tag: "T" }).next().value);
try { new (count as any)(); } catch (e) { console.log((e as Error).constructor.name); }
function* count() { yield 1; }
const it = count(); console.log(it[Symbol.iterator]() === it, String(it));
function* running(): any { const self = yield; try { self.next(); } catch (e) { console.log((e as Error).message); } }
const r = running(); r.next(); r.next(r);
let big = 0; for (const v of (function* () { for (let i = 0; i < 100000; i++) yield i; })()) big += v;
console.log(big);
