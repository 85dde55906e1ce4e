// Loop edge cases: zero iterations, mutation during iteration, float counters, nested breaks
for (let i = 0; i < 0; i++) console.log("never");
for (const x of []) console.log("never", x);
for (const k in {}) console.log("never", k);
let floatSteps = 0;
for (let f = 0; f < 1; f += 0.1) floatSteps++;
console.log("float steps", floatSteps);
let total = 0;
for (let i = 0.5; i <= 3; i += 0.5) total += i;
console.log(total);
const arr = [1, 2, 3, 4, 5, 6];
for (let i = 0; i < arr.length; i++) {
  if (arr[i] % 2 === 0) {
    arr.splice(i, 1);
    i--;
  }
}
console.log(arr);
const shrinking = [1, 2, 3, 4];
const seen: number[] = [];
for (const x of shrinking) {
  seen.push(x);
  shrinking.pop();
}
console.log(seen, shrinking);
let n = 0;
while (n < 1e6) n += 250000;
console.log(n);
let outerCount = 0;
for (let i = 0; i < 3; i++) {
  for (let j = 0; j < 3; j++) {
    if (j === 1) break;
    outerCount++;
  }
}
console.log(outerCount);
const obj: any = { a: 1, b: 2, c: 3 };
const keysSeen: string[] = [];
for (const k in obj) {
  keysSeen.push(k);
  if (k === "a") delete obj.b;
}
console.log(keysSeen);
let countdown = 3;
const fired: number[] = [];
do fired.push(countdown); while (--countdown);
console.log(fired);
