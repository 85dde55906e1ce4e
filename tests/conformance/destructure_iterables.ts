// Array destructuring works on any iterable and closes iterators when done early
function makeCounter(log: string[], limit: number) {
  return {
    [Symbol.iterator]() {
      let i = 0;
      return {
        next() {
          log.push("next" + i);
          return i < limit ? { value: i++, done: false } : { value: undefined, done: true };
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
const [a, b] = makeCounter(log, 10) as any;
console.log(a, b, log.join(","));
log = [];
const [c, , d] = makeCounter(log, 10) as any;
console.log(c, d, log.join(","));
log = [];
const [...all] = makeCounter(log, 3) as any;
console.log(all, log.join(","));
log = [];
const [p, q, r, s] = makeCounter(log, 2) as any;
console.log(p, q, r, s, log.join(","));
const [k1, v1] = new Map([["key", "value"]]).entries().next().value!;
console.log(k1, v1);
const [[m1, m2], [m3]] = new Map([["a", 1], ["b", 2]]);
console.log(m1, m2, m3);
const [first, second] = new Set(["x", "y", "z"]);
console.log(first, second);
const [ch1, ch2, ...chRest] = "😀ab";
console.log(ch1, ch2, chRest);
