// Loop counters live in integer registers: `let i = <integer>` stepped
// only by ++/--. Everything observable must stay as with doubles.
const a = [10, 20, 30, 40, 50];
let s = 0;
for (let i = 0; i < a.length; i++) s += a[i] * (i % 3) + (i & 1);
console.log(s);
let k = 0;
k--;
k--;
console.log(k, k % 2, Object.is(k % 1, -0), Object.is(-4 % 2, -0), k / 2, k * 0, Object.is(k * 0, -0), `${k}`, k.toFixed(1));
let down = 5;
const seen: number[] = [];
while (down-- > -3) seen.push(down % 3, down >>> 0 === down ? 1 : 0);
console.log(seen.join(","), down);
let m = 2147483646;
m++;
m++;
m++;
console.log(m, m | 0, m >>> 0, m % 1000, m * 2, m / 4);
let n = -2147483647;
n--;
n--;
console.log(n, n | 0, n % 7, Object.is(n % 1, -0));
function counter(limit: number): number {
  let c = 0;
  for (let j = 0; j < limit; j++) c += j % 5;
  return c;
}
console.log(counter(100), counter(0), counter(3.5), counter(NaN));
function* gen() {
  for (let i = 0; i < 3; i++) yield i * 2;
}
console.log([...gen()].join());
async function later() {
  let t = 0;
  for (let i = 0; i < 4; i++) {
    await null;
    t += i;
  }
  return t;
}
later().then((v) => console.log("async", v));
const ta = new Int32Array(8);
for (let i = 0; i < 8; i++) ta[i] = i * i;
let u = 0;
for (let i = 7; i >= 0; i--) u = (u * 31 + ta[i]) | 0;
console.log(u, ta.join());
let x = 0;
const fs: (() => number)[] = [];
for (let i = 0; i < 3; i++) fs.push(() => i + x);
x = 10;
console.log(fs.map((f) => f()).join());
let pre = 0;
console.log(++pre, pre++, pre, --pre, pre--, pre);
