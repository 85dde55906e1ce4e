// Creating and discarding 10^6 proxies (each read once through its target).
// N = process.argv[2], default 10^6.
// quick size: 300000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 1000000) | 0;

let sum = 0;
const handler = {};
for (let i = 0; i < N; i++) {
  const p = new Proxy({ v: i & 255 }, handler) as { v: number };
  sum += p.v;
}
console.log(sum);
