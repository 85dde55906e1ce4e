// An N-iteration floating-point loop (multiply-add), for comparison with loop.ts.
// N = process.argv[2], default 10^8.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 100000000) | 0;

let sum = 0;
for (let i = 0; i < N; i++) {
  sum += i * 0.5 - 1;
}
console.log(sum);
