// Locals only ever set to integers (literals, bitwise results, bitwise
// compound assignments, ++/--) live in integer registers; every read must
// still see the number the double would hold.

let s = 2463534242; // above 2^31: not an int32 until the first bitwise write
console.log(s, s * 1.5, s / 7, s % 1000, `${s}`);
let acc = 0;
for (let i = 0; i < 2000; i++) {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  s |= 0;
  const r = (s << 7) | (s >>> 25);
  acc = (acc + (r & 0xffff) * 31 + (i & 7)) | 0;
}
console.log(s, acc, s >>> 0, s / 3, -s, s * s);

let u = 0xffffffff >>> 0;
console.log(u, u + 1, u * 2, u | 0, ~u);
u >>>= 1;
console.log(u);
u <<= 3;
console.log(u, u > 0, u < -1);
u = ~u;
console.log(u, typeof u);

let big = 9007199254740990;
big++;
big++;
console.log(big, big === 9007199254740992);
big++;
console.log(big, big === 9007199254740992);
big = -9007199254740990;
big--;
big--;
big--;
console.log(big);

let m = -5;
m &= 0xff;
console.log(m, m >> 1, m >>> 1, m << 28, (m << 28) >> 28);
let n = 1;
for (let k = 0; k < 40; k++) n = (n << 1) | (k & 1);
console.log(n, n >>> 0, String(n));
let z = 0;
z |= 0;
console.log(Object.is(z, 0), 1 / z);
let w = 7;
w ^= 7;
console.log(1 / w, w === 0);
