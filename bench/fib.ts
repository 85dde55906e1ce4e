// Recursive calls: fib(N).
// N = process.argv[2], default 32.
// quick size: 25
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 32) | 0;

function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
console.log(fib(N));
