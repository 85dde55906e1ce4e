// Division by a constant power of two is compiled as a multiplication by
// its reciprocal: the results must be bit-identical to division.
const xs = [1, -1, 3, 0.1, -0, 0, 7e-310, -5e-324, 1.7976931348623157e308, Infinity, -Infinity, NaN, 123456789.123, 2 ** -1022, 1 / 3];
function show(v: number): string {
  return Object.is(v, -0) ? "-0" : String(v);
}
for (const x of xs) {
  const row = [x / 2, x / 0.5, x / 4, x / 1024, x / 2 ** -1022, x / 2 ** 1023, x / 8.98846567431158e307, x / -2, x / 3, x / 1, x / -1];
  console.log(show(x), row.map(show).join(" "));
}
let acc = 1;
for (let i = 0; i < 1100; i++) acc = acc / 2;
console.log(acc, 5 / 2 / 2 / 2, ((7 * 3) / 2) | 0);
