// Dense matrix multiply, 256 x 256, on arrays of number arrays, 3 times.
// n = process.argv[2], default 256.
// quick size: 64
const n = (process.argv.length > 2 ? Number(process.argv[2]) : 256) | 0;

function matrix(n: number, seed: number): number[][] {
  const m: number[][] = [];
  let x = seed;
  for (let i = 0; i < n; i++) {
    const row: number[] = [];
    for (let j = 0; j < n; j++) {
      x = (x * 48271) % 2147483647;
      row.push((x % 1000) / 100);
    }
    m.push(row);
  }
  return m;
}
function mul(a: number[][], b: number[][], n: number): number[][] {
  const c: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(n).fill(0);
    const ai = a[i];
    for (let k = 0; k < n; k++) {
      const aik = ai[k];
      const bk = b[k];
      for (let j = 0; j < n; j++) row[j] += aik * bk[j];
    }
    c.push(row);
  }
  return c;
}
let a = matrix(n, 7);
const b = matrix(n, 11);
for (let r = 0; r < 3; r++) {
  a = mul(a, b, n);
  // Keep the magnitudes bounded.
  for (const row of a) for (let j = 0; j < n; j++) row[j] = row[j] % 97;
}
let sum = 0;
for (const row of a) for (const x of row) sum += x;
console.log(sum.toFixed(6));
