// Creating and discarding 10^6 proxies (each read once through its target).
let sum = 0;
const handler = {};
for (let i = 0; i < 1000000; i++) {
  const p = new Proxy({ v: i & 255 }, handler) as { v: number };
  sum += p.v;
}
console.log(sum);
