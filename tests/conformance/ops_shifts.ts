// Shift operators <<, >>, >>> with negative and large numbers
const vals = [1, -1, 8, -8, 255, -256, 2147483647, -2147483648, 4294967295, 1.5e10];
for (const v of vals) {
  console.log(v, v << 1, v << 31, v >> 1, v >> 31, v >>> 0, v >>> 1, v >>> 31);
}
console.log(1 << 32, 1 << 33, 1 << -1, 8 >> 33, 8 >>> 32);
console.log(-1 >>> 0, -1 >>> 28, -1 >> 28, -16 >> 2, -16 >>> 2);
console.log(1 << 30, 1 << 31, (1 << 31) >>> 0);
const S16: any = "16", S2: any = "2";
console.log(5 >> 0.9, S16 >> S2, NaN << 1, Infinity >> 1);
console.log(0x80000000 >> 0, 0x80000000 >>> 0, 0x7fffffff << 1);
let x = 3;
x <<= 4;
console.log(x);
x >>= 2;
console.log(x);
x = -100;
x >>>= 24;
console.log(x);
