// Number functions: a function declaration whose parameters the body only
// sets to numbers gets a second entry for number arguments. Every way of
// calling it must behave as the one general function would.
function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
function fib(n: number): number {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
function id(x: number) {
  return x;
}
function half(x: number) {
  if (x > 10) return "big";
  return x / 2;
}
function thrower(x: number): number {
  if (x < 0) throw new RangeError("negative: " + x);
  return x * 2;
}
function usesThis(this: any, x: number) {
  return this === undefined ? x : x + 1;
}
function Ctor(this: any, x: number) {
  this.v = x * 3;
  return x;
}
function two(a: number, b: number) {
  return a * 10 + b;
}
function deep(n: number): number {
  return n <= 0 ? 0 : 1 + deep(n - 1);
}

console.log(popcount(0), popcount(255), popcount(0xffffffff), popcount(-1), popcount(2 ** 40 + 7), popcount(1.9));
console.log(popcount("255" as any), popcount(undefined as any), popcount({ valueOf: () => 15 } as any), popcount(10n as any === 10n ? 3 : 4));
console.log(fib(20), fib("10" as any), fib(1.5));
console.log(id(3), id("s" as any), id(undefined as any), id(null as any), typeof id({} as any), Object.is(id(-0), -0));
console.log(half(4), half(40), half("8" as any));
try {
  thrower(-2);
} catch (e) {
  console.log(String(e));
}
console.log(thrower(21));
console.log(usesThis(1), usesThis.call({}, 1), usesThis.call(undefined, 1));
const o = new (Ctor as any)(2);
console.log(o.v, o instanceof (Ctor as any));
console.log(two(1, 2), (two as any)(1), (two as any)(1, 2, 3), two.length, two.name);
console.log([1, 2, 3].map((x) => popcount(x)), [7, 8].map(popcount as any));
console.log(deep(1000));
try {
  deep(1e7);
} catch (e) {
  console.log((e as Error).constructor.name);
}
let total = 0;
for (let i = 0; i < 1000; i++) total += popcount(i * 2654435761) + fib(i % 10);
console.log(total);
// Integer + and - feeding bitwise operators, near the limits of exactness.
let s = 2463534242;
let acc = 0;
for (let i = 0; i < 2000; i++) {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  const a = (s & 0xffff) + (s >>> 16) - (s | 0);
  const b = ((s >>> 0) + (s >>> 0) + (s >>> 0) + 0x7fffffff) | 0;
  const c = (a + b - (s >> 3)) ^ (a - b);
  acc = (acc + c + popcount(a) * 7 + ((s >>> 0) * 65537 | 0)) | 0;
}
console.log(acc, s >>> 0, ~s, ~~3.7, ~-0, ~"12");
const big = 2 ** 52 + 1;
console.log((big + big) | 0, (big - 1 + big) >>> 0, ((2 ** 31 - 1) + (2 ** 31 - 1)) | 0);
