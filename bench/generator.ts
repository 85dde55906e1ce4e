// A generator yielding 10^7 numbers consumed by for-of.
function* range(n: number): Generator<number> {
  for (let i = 0; i < n; i++) yield i;
}

let sum = 0;
for (const x of range(10000000)) sum = (sum + x) % 1000003;
console.log(sum);
