// Locals that only ever hold int32 or uint32 values (bitwise results and
// small integer literals): sums and products of them are exact integer
// arithmetic, and `| 0` wraps them as ToInt32 does.

let acc = 0;
let h = 2166136261 | 0;
let u = 0;
for (let i = 0; i < 5000; i++) {
  h ^= i & 0xff;
  h = (h * 16777619) | 0;
  u = (h >>> 3) ^ (u << 1);
  acc = (acc + (h & 0xffff) * 31 + (u >>> 0) + (i & 7)) | 0;
}
console.log(acc, h, u, u >>> 0);

// Values at the edges of the ranges.
let a = 0x7fffffff | 0;
let b = -0x80000000 | 0;
let c = 0xffffffff >>> 0;
const sums = [a + a, b + b, a + b, c + c, c * 2, a - b, b - a, c - b, (a + a) | 0, (c + c) | 0, (b + b) >>> 0];
console.log(sums.join(","));
a = ~a;
b = b >> 31;
c = c >>> 1;
console.log(a, b, c, a * b, c * c, (c * c) % 1000, -a, -c);

// Mixed with doubles: still exact doubles.
let x = 123456789 | 0;
const y = x + 0.5;
const z = x * 1e6;
x = x ^ 0x5555;
console.log(y, z, x, x / 3, x % 7, -x % 7);
