// Number.prototype.toString(radix) as V8 prints it: fraction digits up to the input's
// precision (subnormals included), rounded to even, integer digits past 2^53 as zeros;
// compared on fixed values and on doubles of random bits for radixes 2..36.
let seed = 12345;
function rnd() {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed;
}
const buf = new Float64Array(1);
const u32 = new Uint32Array(buf.buffer);
const fixed = [5e-324, -5e-324, 1e-320, 2.2250738585072014e-308, 2.225073858507201e-308, 0.1, 0.5, 1 / 3, 2 / 3, 123.456, 1e21, 2 ** 53, 2 ** 53 + 2, 2 ** 64, 1.7976931348623157e308, -0, 0, 255.5, 0.000001, 1e-7, 3.0000000000000004, 0.9999999999999999, 4.35, -1.5e-10];
for (const x of fixed) for (let r = 2; r <= 36; r++) console.log(r, x.toString(r));
console.log((255).toString(16), (-255).toString(2), (0.5).toString(36), NaN.toString(2), (-Infinity).toString(7));
let h = 0;
let count = 0;
function emit(s: string) {
  count++;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) >>> 0;
}
for (let i = 0; i < 4000; i++) {
  // Any double (random bits), then one of magnitude 2^-40 .. 2^40.
  u32[0] = rnd();
  u32[1] = rnd();
  if (isFinite(buf[0])) emit(buf[0].toString(2 + (rnd() % 35)));
  u32[0] = rnd();
  u32[1] = (rnd() & 0x800fffff) | ((1023 + (rnd() % 80) - 40) << 20);
  emit(buf[0].toString(2 + (rnd() % 35)));
}
console.log(count, "values, hash", h);
