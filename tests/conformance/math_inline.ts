// Math.sqrt/abs/floor/ceil/trunc/min/max/imul are computed inline while the
// global Math's function is the built-in; every edge case must match.
const xs = [0, -0, 1.5, -1.5, 2.5, -2.5, 4, -4, 1e308, -1e-310, NaN, Infinity, -Infinity, 2 ** 53 + 1, -0.5, 0.49999999999999994];
const show = (v: number) => (Object.is(v, -0) ? "-0" : String(v));
const rows: string[] = [];
for (const x of xs) {
  rows.push([Math.sqrt(x), Math.abs(x), Math.floor(x), Math.ceil(x), Math.trunc(x)].map(show).join(" "));
  for (const y of [0, -0, 1, NaN, -Infinity]) rows.push([Math.min(x, y), Math.max(x, y), Math.imul(x, y)].map(show).join(" "));
}
console.log(rows.join("\n"));
console.log(Math.imul(0xffffffff, 5), Math.imul(3, 4), Math.imul(-5, 12), Math.imul(2 ** 31, 2), Math.imul(1e10, 1e10));
// Non-number arguments take the general path (valueOf runs once, in order).
const log: string[] = [];
const a = { valueOf: () => (log.push("a"), 9) };
const b = { valueOf: () => (log.push("b"), 4) };
console.log(Math.sqrt(a as any), Math.min(a as any, b as any), Math.max("7" as any, true as any), Math.abs("-3" as any), Math.floor(null as any), Math.ceil(undefined as any), log.join());
try {
  Math.sqrt(10n as any);
} catch (e) {
  console.log((e as Error).constructor.name);
}
// A replaced Math function is called, not inlined.
const orig = Math.sqrt;
let calls = 0;
(Math as any).sqrt = (x: number) => (calls++, x * 100);
let t = 0;
for (let i = 0; i < 5; i++) t += Math.sqrt(i);
(Math as any).sqrt = orig;
for (let i = 0; i < 5; i++) t += Math.sqrt(i * i);
console.log(t, calls);
(Math as any).max = function (this: any, p: number, q: number) { return this === Math ? p - q : -1; };
console.log(Math.max(10, 3));
{
  const Math = { sqrt: (x: number) => x + 1, abs: (x: number) => "shadowed" + x };
  console.log(Math.sqrt(8), Math.abs(-1));
}
let acc = 0;
for (let i = 0; i < 10000; i++) acc += Math.floor(Math.sqrt(i)) + Math.abs(Math.trunc(-i / 3)) + Math.imul(i, 2654435761) % 7;
console.log(acc);
