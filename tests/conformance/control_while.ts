// while loops, break and continue
let i = 0;
let out: number[] = [];
while (i < 5) {
  out.push(i);
  i++;
}
console.log(out, i);
let n = 27;
let steps = 0;
while (n !== 1) {
  n = n % 2 === 0 ? n / 2 : 3 * n + 1;
  steps++;
}
console.log("collatz 27 steps", steps);
let j = 0;
const odds: number[] = [];
while (true) {
  j++;
  if (j > 10) break;
  if (j % 2 === 0) continue;
  odds.push(j);
}
console.log(odds);
let never = 0;
while (false) never++;
console.log(never);
let k = 10;
while (k-- > 0);
console.log(k);
const queue = [1, 2, 3];
let sum = 0;
while (queue.length) sum += queue.shift()!;
console.log(sum, queue.length);
let digits = 0;
let num = 123456;
while (num > 0) {
  num = Math.floor(num / 10);
  digits++;
}
console.log("digits", digits);
