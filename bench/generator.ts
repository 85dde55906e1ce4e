// A generator yielding 10^7 numbers consumed by for-of.
// N = process.argv[2], default 10^7.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 10000000) | 0;

function* range(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

let sum = 0;
for (const x of range(N)) sum = (sum + x) % 1000003;
console.log(sum);
