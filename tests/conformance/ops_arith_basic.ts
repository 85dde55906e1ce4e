// Arithmetic operators on numbers
const pairs: [number, number][] = [[7, 2], [-7, 2], [7, -2], [0.5, 0.25], [1e10, 3], [2, 0.5]];
for (const [a, b] of pairs) {
  console.log(a, b, "|", a + b, a - b, a * b, a / b, a % b, a ** b);
}
console.log(0.1 + 0.2, 0.3 - 0.1, 1.1 * 3, 10 / 3);
console.log(2 ** 53, 2 ** 53 + 1, 2 ** -1, (-2) ** 3, 2 ** 3 ** 2);
console.log(9007199254740991 + 2);
console.log(1 / 3 * 3, 4.35 * 100, 1.005 * 1000);
console.log(-(-5), +(-5), - -5);
console.log(5 / 2 | 0, Math.trunc(-5 / 2), Math.floor(-5 / 2));
console.log(1 + 2 * 3 - 4 / 2, (1 + 2) * (3 - 4) / 2);
console.log(100 % 7, -100 % 7, 100 % -7, 5.5 % 2, -5.5 % 2);
console.log(0.1 * 3, 0.7 + 0.1, 3 * 1.1);
console.log(123456789 * 987654321);
console.log(1e300 * 1e10, -1e300 * 1e10, 1e-320 / 1e10);
