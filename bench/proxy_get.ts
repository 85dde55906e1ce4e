// 10^7 property reads through a `get` trap that forwards with Reflect.get.
const target = { a: 1, b: 2, c: 3 };
const p = new Proxy(target, {
  get(t, k, r) {
    return Reflect.get(t, k, r);
  },
});
let sum = 0;
for (let i = 0; i < 10000000; i++) sum += p.a + (i & 1);
console.log(sum);
