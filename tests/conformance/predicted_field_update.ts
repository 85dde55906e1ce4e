// `o.f++` and `o.f--` on fields of predicted class instances take one shape test and a
// number test; every other value and receiver takes the ordinary update.
class Point {
  x = 0;
  y = 10;
  tick(): number {
    this.x++;
    ++this.x;
    this.y--;
    return this.x++ + --this.y;
  }
}
const pts = [new Point(), new Point()];
let total = 0;
for (let i = 0; i < 1000; i++) for (const p of pts) total += p.tick();
console.log(total, pts[0].x, pts[0].y, pts[1].x);

const p = new Point();
const results: unknown[] = [];
for (let i = 0; i < 3; i++) {
  results.push(p.x++, ++p.x, p.y--, --p.y);
}
console.log(results.join(","), p.x, p.y);

// Other values in the field: strings, BigInts, undefined, null, objects with valueOf, -0, NaN.
const odd: unknown[] = ["5", "a", 7n, undefined, null, { valueOf: () => 41 }, -0, NaN, Infinity, true];
for (const v of odd) {
  const q = new Point();
  (q as any).x = v;
  const post = q.x++;
  const pre = ++q.x;
  (q as any).y = v;
  const dec = q.y--;
  console.log(typeof v, String(post), String(pre), String(q.x), String(dec), String(q.y), Object.is(post, -0));
}
// A Symbol throws in ToNumeric.
const s = new Point();
(s as any).x = Symbol("s");
try {
  s.x++;
} catch (e) {
  console.log("symbol", (e as Error).constructor.name);
}

// Receivers that are not instances of the shape: frozen, with an accessor, a subclass, a proxy.
function frozenUpdate(): void {
  "use strict";
  const frozen = Object.freeze(new Point());
  try {
    frozen.x++;
    console.log("no throw", frozen.x);
  } catch (e) {
    console.log("frozen", (e as Error).constructor.name, frozen.x);
  }
}
frozenUpdate();
const acc = new Point();
const log: string[] = [];
Object.defineProperty(acc, "x", { get: () => 100, set: (v) => log.push(`set ${v}`) });
console.log(acc.x++, ++acc.x, log.join(";"));
class Point3 extends Point {
  z = 1;
}
const p3 = new Point3();
p3.x++;
p3.z++;
console.log(p3.x, p3.z, p3.tick());
const traps: string[] = [];
const px = new Proxy(new Point(), {
  set(t, k, v, r) {
    traps.push(`${String(k)}=${v}`);
    return Reflect.set(t, k, v, r);
  },
});
px.x++;
--px.y;
console.log(px.x, px.y, traps.join(","));

// The receiver expression is evaluated once.
let evals = 0;
const get = (): Point => {
  evals++;
  return p;
};
get().x++;
--get().y;
console.log(evals, p.x, p.y);

// Null and undefined receivers throw TypeError before any update.
for (const r of [null, undefined]) {
  try {
    (r as any as Point).x++;
  } catch (e) {
    console.log("receiver", String(r), (e as Error).constructor.name);
  }
}

// A field whose value changes shape during a long loop (collections move the instance).
const m = new Point();
const keep: object[] = [];
for (let i = 0; i < 20000; i++) {
  m.x++;
  if (i % 100 === 0) keep.push({ i, a: new Array(16).fill(i) });
  if (i === 10000) (m as any).x = `${m.x}`;
}
console.log(m.x, keep.length);

// `o.f op= x` with x a literal or a binding: the same fast path, the ordinary one otherwise.
class Account {
  balance = 0;
  rate = 2;
  deposit(amount: number): number {
    this.balance += amount;
    this.balance -= 1;
    this.rate *= 1;
    this.rate /= 1;
    return this.balance;
  }
}
const acct = new Account();
let sum2 = 0;
for (let i = 0; i < 2000; i++) sum2 += acct.deposit(i % 7);
console.log(sum2, acct.balance, acct.rate);
const amounts: unknown[] = [1, "2", 3n, undefined, { valueOf: () => 5 }, -0, NaN, "x", null];
for (const amt of amounts) {
  const q = new Account();
  try {
    q.balance += amt as any;
    q.rate -= amt as any;
    console.log(typeof amt, String(q.balance), String(q.rate));
  } catch (e) {
    console.log(typeof amt, "threw", (e as Error).constructor.name, String(q.balance));
  }
}
const big = new Account();
(big as any).balance = 10n;
try {
  big.balance += 1;
} catch (e) {
  console.log("bigint field", (e as Error).constructor.name);
}
(big as any).balance = "s";
big.balance += 1;
big.rate *= 3;
console.log(big.balance, big.rate);
// A binding in its TDZ throws before anything is stored.
function tdz(): void {
  const a = new Account();
  try {
    a.balance += later;
  } catch (e) {
    console.log("tdz", (e as Error).constructor.name, a.balance);
  }
  const later = 5;
  a.balance += later;
  console.log(a.balance);
}
tdz();
const acc2 = new Account();
Object.defineProperty(acc2, "balance", { get: () => 7, set: (v) => console.log("set", v) });
acc2.balance += 3;
acc2.deposit(1);
