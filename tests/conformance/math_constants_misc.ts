// Math constants, clz32, imul, fround and random bounds
console.log(Math.PI, Math.E, Math.LN2, Math.LN10);
console.log(Math.LOG2E, Math.LOG10E, Math.SQRT2, Math.SQRT1_2);
console.log(Math.clz32(1), Math.clz32(0), Math.clz32(-1), Math.clz32(0x80000000), Math.clz32(255), Math.clz32(3.9));
console.log(Math.imul(3, 4), Math.imul(-5, 12), Math.imul(0xffffffff, 5), Math.imul(0x7fffffff, 2), Math.imul(65536, 65536));
console.log(Math.fround(5.5), Math.fround(5.05), Math.fround(0.1), Math.fround(2 ** 128), Math.fround(1e-50));
let ok = true;
for (let i = 0; i < 1000; i++) {
  const r = Math.random();
  if (!(r >= 0 && r < 1)) ok = false;
}
console.log("random in [0,1):", ok, typeof Math.random());
const dice = Math.floor(Math.random() * 6) + 1;
console.log("dice in range:", dice >= 1 && dice <= 6, Number.isInteger(dice));
console.log(typeof Math, Object.keys(Math).length);
console.log((Math.PI * 2).toFixed(4), (Math.E ** 2).toFixed(4));
const degToRad = (d: number) => (d * Math.PI) / 180;
console.log(degToRad(180) === Math.PI, degToRad(90).toFixed(5));
