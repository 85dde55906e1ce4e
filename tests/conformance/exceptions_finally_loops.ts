// break and continue inside try/finally within loops
const log: string[] = [];
for (let i = 0; i < 4; i++) {
  try {
    if (i === 1) continue;
    if (i === 3) break;
    log.push("body" + i);
  } finally {
    log.push("fin" + i);
  }
}
console.log(log.join(" "));
const log2: string[] = [];
for (let i = 0; i < 5; i++) {
  try {
    log2.push("try" + i);
  } finally {
    if (i === 1) continue;
    if (i === 3) break;
    log2.push("fin" + i);
  }
  log2.push("after" + i);
}
console.log(log2.join(" "));
const log3: string[] = [];
let k = 0;
do {
  try {
    k++;
    if (k === 2) continue;
    if (k === 4) break;
    log3.push("k" + k);
  } finally {
    log3.push("f" + k);
  }
} while (k < 10);
console.log(log3.join(" "), k);
const log4: string[] = [];
for (const item of ["a", "b", "c"]) {
  try {
    if (item === "b") throw new Error("skip " + item);
    log4.push(item);
  } catch (e: any) {
    log4.push("caught(" + e.message + ")");
    continue;
  } finally {
    log4.push("fin-" + item);
  }
  log4.push("after-" + item);
}
console.log(log4.join(" "));
console.log(log.length + log2.length + log3.length + log4.length);
