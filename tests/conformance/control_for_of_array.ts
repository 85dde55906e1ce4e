// for-of over arrays
const arr = [10, 20, 30];
let sum = 0;
for (const x of arr) sum += x;
console.log(sum);
for (const [i, v] of arr.entries()) console.log(i, v);
const nested = [[1, 2], [3, 4]];
for (const [a, b] of nested) console.log(a + b);
const empty: number[] = [];
let iterations = 0;
for (const _ of empty) iterations++;
console.log("empty iterations", iterations);
const growing = [1, 2, 3];
const visited: number[] = [];
for (const x of growing) {
  visited.push(x);
  if (x < 3) growing.push(x + 10);
}
console.log(visited);
const objs = [{ n: "a" }, { n: "b" }];
for (const o of objs) o.n = o.n.toUpperCase();
console.log(objs);
let last: number | undefined;
for (last of [7, 8, 9]) {}
console.log(last);
for (const x of [1, 2, 3, 4, 5]) {
  if (x === 2) continue;
  if (x === 4) break;
  console.log("x", x);
}
for (const k of arr.keys()) console.log("key", k);
for (const v of arr.values()) console.log("value", v);
