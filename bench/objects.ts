// Creating N {x, y} objects and summing them.
// N = process.argv[2], default 10^7.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 10000000) | 0;

function run(): number {
  let total = 0;
  for (let i = 0; i < N; i++) {
    const p = { x: i, y: i + 1 };
    total += p.x + p.y;
  }
  return total;
}
console.log(run());
