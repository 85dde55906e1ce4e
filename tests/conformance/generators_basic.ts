// Generators: next/return/throw, finally, for-of, spread, destructuring.
function* count(n: number) {
  for (let i = 0; i < n; i++) {
    const got = yield i * 10;
    if (got !== undefined) console.log("got", got);
  }
  return "done";
}
const g = count(3);
console.log(typeof g, Object.prototype.toString.call(g));
console.log(g.next(), g.next("a"), g.next(), g.next(), g.next());
console.log([...count(4)]);
for (const v of count(2)) console.log("of", v);
function* fin() {
  try {
    yield 1;
    yield 2;
  } finally {
    console.log("cleanup");
  }
}
const f = fin();
console.log(f.next(), f.return(9), f.next());
const t = fin();
t.next();
try { t.throw(new Error("boom")); } catch (e) { console.log("thrown out", (e as Error).message); }
function* catcher() {
  while (true) {
    try { yield "waiting"; } catch (e) { console.log("caught inside", e); }
  }
}
const c = catcher();
console.log(c.next().value, c.throw("x").value, c.throw("y").value);
const [a, b] = count(5);
console.log(a, b, Array.from(count(3)));
const o = { *gen() { yield this === o; } };
console.log(o.gen().next());
function* args(...xs: number[]) { let s = 0; for (const x of xs) { s += x; yield s; } }
console.log([...args(1, 2, 3)]);
console.log(count(1).return(5), count(1).next());
