// Number.prototype.toFixed rounding and edge cases
console.log((1.005).toFixed(2), (1.45).toFixed(1), (1.55).toFixed(1), (2.5).toFixed(0), (3.5).toFixed(0));
console.log((0).toFixed(2), (-0).toFixed(2), (-1.5).toFixed(0), (-2.5).toFixed(0), (-0.004).toFixed(2));
console.log((123.456).toFixed(0), (123.456).toFixed(1), (123.456).toFixed(5), (0.000001).toFixed(7));
console.log((1e21).toFixed(2), (1e20).toFixed(2), (1.23e-10).toFixed(2), (NaN).toFixed(2), (Infinity).toFixed(1));
console.log((10.235).toFixed(2), (8.345).toFixed(2), (0.5).toFixed(0), (1.5).toFixed(0), (0.05).toFixed(1));
console.log((5).toFixed(), (5.6).toFixed(), (12345.6789).toFixed(3), (-12345.6789).toFixed(3));
console.log((0.1 + 0.2).toFixed(20));
console.log((1 / 3).toFixed(15), (2 / 3).toFixed(10));
try {
  (1).toFixed(101);
} catch (e: any) {
  console.log(e instanceof RangeError, e.name);
}
console.log((1).toFixed(100).length);
const money = (n: number) => "$" + n.toFixed(2);
console.log([0.1, 9.999, 1234.5, -3].map(money).join(" "));
console.log(typeof (1).toFixed(2));
