// A 10^8-iteration floating-point loop (multiply-add), for comparison with loop.ts.
let sum = 0;
for (let i = 0; i < 100000000; i++) {
  sum += i * 0.5 - 1;
}
console.log(sum);
