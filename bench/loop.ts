// A numeric loop with %, N iterations.
// N = process.argv[2], default 10^8.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 100000000) | 0;

let sum = 0;
for (let i = 0; i < N; i++) {
  sum += i % 7;
}
console.log(sum);
