// `a % d` with a constant integer divisor and a dividend beyond 32 bits:
// integral dividends below 2^53 take a 64-bit remainder, everything else
// the general one. Signs, -0 and the edges of both ranges must match.

const xs: number[] = [
  0, -0, 1, -1, 2147483647, 2147483648, -2147483648, -2147483649, 4294967296, 1e10, -1e10,
  103660396021137, -103660396021137, 9007199254740991, -9007199254740991, 9007199254740992,
  9007199254740994, 1.5e16, -1.5e16, 2 ** 63, 1e300, 123456789012.5, -98765432109.25,
  NaN, Infinity, -Infinity, 2147483647 * 48271, -(2147483647 * 48271),
];
const show = (v: number): string => (Object.is(v, -0) ? "-0" : String(v));
for (const x of xs) {
  console.log(show(x), show(x % 2147483647), show(x % 7), show(x % -1000), show(x % 1), show(x % 65536));
}

// The LCG of the benchmarks: each step's product is far beyond 32 bits.
let x = 7;
let sum = 0;
for (let i = 0; i < 100000; i++) {
  x = (x * 48271) % 2147483647;
  sum = (sum + (x % 1000)) % 1000000007;
}
console.log(x, sum);
let y = -7;
for (let i = 0; i < 1000; i++) y = (y * 48271) % 2147483647;
console.log(y);
