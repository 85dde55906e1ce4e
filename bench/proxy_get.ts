// 10^7 property reads through a `get` trap that forwards with Reflect.get.
// N = process.argv[2], default 10^7.
// quick size: 1000000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 10000000) | 0;

const target = { a: 1, b: 2, c: 3 };
const p = new Proxy(target, {
  get(t, k, r) {
    return Reflect.get(t, k, r);
  },
});
let sum = 0;
for (let i = 0; i < N; i++) sum += p.a + (i & 1);
console.log(sum);
