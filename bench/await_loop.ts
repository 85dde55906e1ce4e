// Sequential awaits of resolved promises in one async loop: per iteration
// one of a fresh resolved promise, one of an async function's result, and
// that function's own await of a shared resolved promise (3N awaits, 1.5 * 10^6 by default).
// N = process.argv[2] iterations, default 5 * 10^5.
// quick size: 50000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 500000) | 0;

const ready = Promise.resolve(1);

async function inner(i: number): Promise<number> {
  return (await ready) + (i & 3);
}

async function main(): Promise<void> {
  let sum = 0;
  for (let i = 0; i < N; i++) {
    sum += await Promise.resolve(i & 7);
    sum += await inner(i);
  }
  console.log(sum);
}

main();
