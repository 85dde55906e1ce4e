let sum = 0;
for (let i = 0; i < 100000000; i++) {
  sum += i % 7;
}
console.log(sum);
