// Map and Set with string and number keys: insert, lookup, delete and
// iterate, 2*10^6 operations.
// ROUNDS = process.argv[2], default 5 * 10^5.
// quick size: 50000
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 500000) | 0;

const m = new Map<string, number>();
const s = new Set<number>();
let hits = 0;
let x = 99;
for (let i = 0; i < ROUNDS; i++) {
  x = (x * 48271) % 2147483647;
  const k = "k" + (x % 50000);
  m.set(k, (m.get(k) ?? 0) + 1);
  s.add(x % 100000);
  if (m.has("k" + (i % 50000))) hits++;
  if ((i & 15) === 0) s.delete(i % 100000);
}
let total = 0;
for (const [k, v] of m) total += v * k.length;
for (const v of s) total += v & 7;
console.log(m.size, s.size, hits, total);
