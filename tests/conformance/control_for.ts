// Classic for loops in many shapes
const a: number[] = [];
for (let i = 0; i < 5; i++) a.push(i);
console.log(a);
const b: number[] = [];
for (let i = 10; i > 0; i -= 3) b.push(i);
console.log(b);
const c: string[] = [];
for (let i = 0, j = 10; i < j; i += 2, j -= 2) c.push(i + ":" + j);
console.log(c);
let k = 0;
for (; k < 3;) k++;
console.log(k);
let n = 0;
for (;;) {
  if (++n >= 4) break;
}
console.log(n);
const skipped: number[] = [];
for (let i = 0; i < 10; i++) {
  if (i % 3 !== 0) continue;
  skipped.push(i);
}
console.log(skipped);
let total = 0;
for (let i = 1; i <= 100; i++) total += i;
console.log(total);
const grid: string[] = [];
for (let r = 0; r < 3; r++) {
  let row = "";
  for (let c2 = 0; c2 < 4; c2++) row += (r * c2) % 2 === 0 ? "#" : ".";
  grid.push(row);
}
console.log(grid.join("\n"));
const arr = ["x", "y", "z"];
for (let i = arr.length - 1; i >= 0; i--) console.log(i, arr[i]);
for (var vi = 0; vi < 2; vi++) {}
console.log(vi);
