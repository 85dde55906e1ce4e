// do-while runs the body at least once
let i = 0;
do {
  console.log("body", i);
  i++;
} while (i < 3);
let ran = 0;
do {
  ran++;
} while (false);
console.log("ran", ran);
let x = 100;
do x -= 30; while (x > 0);
console.log(x);
let count = 0;
do {
  count++;
  if (count === 2) continue;
  if (count === 5) break;
} while (count < 10);
console.log("count", count);
const seen: number[] = [];
let v = 1;
do {
  seen.push(v);
  v *= 3;
} while (v < 200);
console.log(seen);
let outer = 0;
let inner = 0;
do {
  let k = 0;
  do {
    inner++;
    k++;
  } while (k < 3);
  outer++;
} while (outer < 2);
console.log(outer, inner);
