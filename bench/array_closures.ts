// Array methods with closures: map, filter, reduce, some, find, sort with
// a comparator, over arrays of 10^4 numbers, 300 rounds.
// ROUNDS = process.argv[2], default 300.
// quick size: 31
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 300) | 0;

const base: number[] = [];
let x = 12345;
for (let i = 0; i < 10000; i++) {
  x = (x * 48271) % 2147483647;
  base.push(x % 10000);
}
let total = 0;
for (let r = 0; r < ROUNDS; r++) {
  const k = r % 7;
  const mapped = base.map((v, i) => v * k + i);
  const kept = mapped.filter((v) => (v & 1) === 0);
  total += kept.reduce((a, v) => (a + v) % 1000000007, 0);
  if (kept.some((v) => v === r)) total += 1;
  const f = kept.find((v) => v > 50000);
  total += f === undefined ? 0 : f % 100;
  if (r % 30 === 0) {
    const sorted = base.slice().sort((a, b) => a - b);
    total += sorted[5000];
  }
  total %= 1000000007;
}
console.log(total);
