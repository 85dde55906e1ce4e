// The Benchmarks Game spectral-norm, n = 1000: Float64Array kernels.
// n = process.argv[2], default 1000.
// quick size: 200
const n = (process.argv.length > 2 ? Number(process.argv[2]) : 1000) | 0;

function a(i: number, j: number): number {
  return 1 / (((i + j) * (i + j + 1)) / 2 + i + 1);
}
function mulAv(n: number, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a(i, j) * v[j];
    out[i] = s;
  }
}
function mulAtv(n: number, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += a(j, i) * v[j];
    out[i] = s;
  }
}
function mulAtAv(n: number, v: Float64Array, out: Float64Array, tmp: Float64Array): void {
  mulAv(n, v, tmp);
  mulAtv(n, tmp, out);
}
const u = new Float64Array(n).fill(1);
const v = new Float64Array(n);
const tmp = new Float64Array(n);
for (let i = 0; i < 10; i++) {
  mulAtAv(n, u, v, tmp);
  mulAtAv(n, v, u, tmp);
}
let vBv = 0, vv = 0;
for (let i = 0; i < n; i++) {
  vBv += u[i] * v[i];
  vv += v[i] * v[i];
}
console.log(Math.sqrt(vBv / vv).toFixed(9));
