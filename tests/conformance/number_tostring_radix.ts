// Number.prototype.toString with radix
console.log((255).toString(16), (255).toString(2), (255).toString(8), (255).toString(36), (255).toString(10));
console.log((-255).toString(16), (0).toString(2), (-0).toString(2), (35).toString(36));
console.log((0.5).toString(2), (0.25).toString(2), (0.1).toString(2).length > 10, (3.75).toString(16));
console.log((2 ** 32).toString(16), (2 ** 53).toString(2).length, (1e21).toString(16));
console.log(NaN.toString(2), Infinity.toString(16), (-Infinity).toString(36));
try {
  (10).toString(1);
} catch (e: any) {
  console.log(e instanceof RangeError, e.name);
}
try {
  (10).toString(37);
} catch (e: any) {
  console.log(e instanceof RangeError, e.name);
}
console.log((123.456).toString(), (1e-7).toString(), (123).toString(undefined));
const toBinary = (n: number, width: number) => (n >>> 0).toString(2).padStart(width, "0");
console.log(toBinary(5, 8), toBinary(-1, 32), toBinary(255, 4));
console.log(parseInt((12345).toString(36), 36), (0xdeadbeef).toString(16));
console.log([10, 11, 12, 13, 14, 15].map((n) => n.toString(16)).join(""));
