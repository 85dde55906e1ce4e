// `if (c) x = e;` / `if (c) x op= e;` on locals compiles to a select when
// the operands are numbers; every other case must behave as a plain `if`.

function mod(xs: any[], m: number): any[] {
  const out: any[] = [];
  for (const x of xs) {
    let s = x;
    if (s >= m) s -= m;
    out.push(s);
  }
  return out;
}
console.log(mod([1, 7, 10, 13, -0, NaN, Infinity], 10));
// A string: >= compares as numbers ("12" >= 10), then -= subtracts.
console.log(mod(["12", "5", "abc", null, undefined, true], 10));

function clamp(a: number[], lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < a.length; i++) {
    let v = a[i];
    if (v < lo) v = lo;
    if (v > hi) {
      v = hi;
    }
    out.push(v);
  }
  return out;
}
console.log(clamp([-5, 0, 3, 9, 12, -0], 0, 10));

// The test runs once, with its side effects, before the new value is chosen.
function sideEffects(): any[] {
  let n = 0;
  let k = 0;
  let seen: any[] = [];
  for (let i = 0; i < 5; i++) {
    if (++n === 3) k = n * 10;
    seen.push(k);
  }
  let u: any = "s";
  if (n > 2) u += 1; // string concatenation: not a select
  let w: any = 5;
  if (n > 100) w = n - 1;
  return [seen, n, k, u, w];
}
console.log(sideEffects());

// Compound assignment on a value that is not a number goes the slow way.
function mixed(v: any, d: any): any {
  let x = v;
  if (d > 0) x *= d;
  if (d < 0) x += -d;
  return x;
}
console.log(mixed(3, 2), mixed("3", 2), mixed(3, -2), mixed("3", -2), mixed({ valueOf: () => 4 }, 3));

// Module constants and parameters as operands.
const LIMIT = 1000;
function wrap(x: number, step: number): number {
  let acc = x;
  for (let i = 0; i < 10; i++) {
    acc += step;
    if (acc >= LIMIT) acc -= LIMIT - 1;
  }
  return acc;
}
console.log(wrap(990, 7), wrap(0, 333), wrap(5, -3));

// -0 and NaN are kept bit for bit.
function signs(): any[] {
  let z = 1;
  if (z > 0) z = -0;
  let q = 0;
  if (z === 0) q = 0 * -1;
  let n = 1;
  if (n) n = NaN;
  return [Object.is(z, -0), Object.is(q, -0), Number.isNaN(n)];
}
console.log(signs());

// Comparisons computed in the select's fast path: NaN and -0.
function cmp(vals: any[]): any[] {
  const out: any[] = [];
  for (const v of vals) {
    let x = v;
    let y = 0;
    if (x === 0) y = 1;
    if (x !== x) y = 2;
    if (x < 0) y += 10;
    if (x <= -0) y += 100;
    if (x > 1) y -= 1000;
    if (x >= 1) y *= 3;
    out.push(y);
  }
  return out;
}
console.log(cmp([0, -0, NaN, -1, 1, 2, "1", "x", null]));
