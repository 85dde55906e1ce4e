// Breaking out of for-of calls the iterator's return() method
function makeIterable(log: string[], n: number) {
  return {
    [Symbol.iterator]() {
      let i = 0;
      return {
        next() {
          log.push("next");
          return i < n ? { value: i++, done: false } : { value: undefined, done: true };
        },
        return() {
          log.push("return");
          return { value: undefined, done: true };
        },
      };
    },
  };
}
let log: string[] = [];
for (const x of makeIterable(log, 5)) {
  if (x === 1) break;
}
console.log(log.join(","));
log = [];
for (const x of makeIterable(log, 2)) {}
console.log(log.join(","));
log = [];
try {
  for (const x of makeIterable(log, 5)) {
    if (x === 2) throw new Error("boom");
  }
} catch (e: any) {
  log.push("caught " + e.message);
}
console.log(log.join(","));
log = [];
function early() {
  for (const x of makeIterable(log, 5)) {
    if (x === 0) return "returned";
  }
  return "end";
}
console.log(early(), log.join(","));
log = [];
const [a, b] = makeIterable(log, 5) as any;
console.log(a, b, log.join(","));
log = [];
outer: for (const i of [1, 2]) {
  for (const x of makeIterable(log, 3)) {
    if (x === 1) continue outer;
  }
}
console.log(log.join(","));
