// Integer and bitwise arithmetic: xorshift32, popcount, rotations and
// masks over 3*10^7 iterations, all in int32.
// N = process.argv[2], default 3 * 10^7.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 30000000) | 0;

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
let s = 2463534242;
let acc = 0;
let bits = 0;
for (let i = 0; i < N; i++) {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  s |= 0;
  const r = (s << 7) | (s >>> 25);
  acc = (acc + (r & 0xffff) * 31 + (i & 7)) | 0;
  bits += popcount(s & 0xff00ff);
}
console.log(acc, bits, s >>> 0);
