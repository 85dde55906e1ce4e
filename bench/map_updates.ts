// A long-lived Map of 10^6 integer keys, then 10^7 updates m.set(k, {v: i})
// with keys from an LCG: each update replaces an old value with a young
// object stored into an old Map (write barrier / remembered set), and the
// replaced values become garbage.
// UPDATES = process.argv[2], default 10^7; the Map has UPDATES / 10 keys.
// quick size: 500000
const UPDATES = (process.argv.length > 2 ? Number(process.argv[2]) : 10000000) | 0;
const SIZE = (UPDATES / 10) | 0;

function run(): number {
  const m = new Map<number, { v: number }>();
  for (let k = 0; k < SIZE; k++) m.set(k, { v: k });
  let x = 1;
  for (let i = 0; i < UPDATES; i++) {
    x = (x * 48271) % 2147483647; // MINSTD LCG, exact in doubles
    const k = (x % SIZE) | 0;
    m.set(k, { v: i });
  }
  let sum = 0;
  let n = 0;
  for (const [k, o] of m) {
    sum = (sum + ((o.v * 31 + k) % 2147483648)) % 2147483648;
    n++;
  }
  console.log(`entries ${n}`);
  return sum;
}

console.log(`checksum ${run()}`);
