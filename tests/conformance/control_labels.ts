// Labelled break and continue over nested loops
const pairs: string[] = [];
outer: for (let i = 0; i < 4; i++) {
  for (let j = 0; j < 4; j++) {
    if (j === 2) continue outer;
    if (i === 3) break outer;
    pairs.push(`${i}${j}`);
  }
}
console.log(pairs.join(" "));
let found: [number, number] | null = null;
const grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
search: for (let r = 0; r < grid.length; r++) {
  for (let c = 0; c < grid[r].length; c++) {
    if (grid[r][c] === 6) { found = [r, c]; break search; }
  }
}
console.log(found);
let count = 0;
a: while (true) {
  b: do {
    count++;
    if (count % 2 === 0) continue a;
    if (count > 6) break a;
  } while (count < 100);
}
console.log(count);
const log: string[] = [];
loop1: for (const x of ["a", "b", "c"]) {
  loop2: for (const y of [1, 2, 3]) {
    loop3: for (const z of [true, false]) {
      if (y === 2) continue loop1;
      if (!z) continue loop2;
      log.push(x + y);
    }
  }
}
console.log(log);
let k = 0;
lbl: for (;;) {
  k++;
  for (const _ of [1]) {
    if (k < 3) continue lbl;
    break lbl;
  }
}
console.log(k);
const sw: string[] = [];
outerSw: for (let i = 0; i < 3; i++) {
  switch (i) {
    case 1:
      continue outerSw;
    case 2:
      break outerSw;
  }
  sw.push("i" + i);
}
console.log(sw);
