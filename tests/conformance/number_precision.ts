// Floating point precision and shortest round-trip printing
const sums = [[0.1, 0.2], [0.3, 0.6], [1.1, 2.2], [0.7, 0.1], [100.1, 0.2], [1e16, 1], [-0.1, 0.1]];
for (const [a, b] of sums) console.log(`${a} + ${b} =`, a + b);
console.log(0.1 * 0.2, 0.3 / 0.1, 4.35 * 100, 1.15 * 100, 3 * 1.1);
console.log(1 / 3 + 1 / 3 + 1 / 3, 2 / 3 - 1 / 3, 1 - 0.9);
console.log(9007199254740993, 9007199254740995, 2 ** 53 + 1);
console.log(1e21 + 1, 1e21 - 1e5, 123456789.123456789);
console.log(0.000001, 0.0000001, 0.00001234, 1.5e-9);
console.log(100 / 7, 22 / 7, Math.PI * 1e10, Math.E * 1e-5);
let acc = 0;
for (let i = 0; i < 10; i++) acc += 0.1;
console.log(acc, acc === 1, Math.abs(acc - 1) < Number.EPSILON);
console.log((0.1).toFixed(20), (0.5).toString(2), (0.1 + 0.2).toString(2).length > 50);
console.log(Number((0.1 + 0.2).toFixed(10)), +(1.005).toFixed(2), parseFloat((2.345).toFixed(2)));
console.log(0.1 + 0.7, 0.2 + 0.4, 0.57 * 100, 1.4 - 1.1);
console.log(1e-10 + 1, 1 + 1e-16, 1e308 * 10, -1e308 * 10);
