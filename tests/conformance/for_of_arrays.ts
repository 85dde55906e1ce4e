// for-of over arrays steps inline while the element is present; holes,
// changes made by the body and other iterables take the general path.

const out: string[] = [];
const a = [1, 2, 3, 4];
for (const x of a) {
  out.push(String(x));
  if (x === 2) a.push(5);
  if (x === 4) a.length = 4;
}
console.log(out.join(","), a.length);

// Holes read through the prototype chain.
const holes: number[] = [1, , 3];
(Array.prototype as unknown as { [k: number]: unknown })[1] = "proto";
const seen: unknown[] = [];
for (const x of holes) seen.push(x);
delete (Array.prototype as unknown as { [k: number]: unknown })[1];
for (const x of holes) seen.push(x);
console.log(seen.map(String).join(","));

// Shrinking and replacing elements while iterating.
const b = [10, 20, 30, 40, 50];
const got: number[] = [];
for (const x of b) {
  got.push(x);
  if (x === 20) b.splice(0, 2);
  if (x === 40) b[3] = 99;
}
console.log(got.join(","), b.join(","));

// break, continue, nested, and destructuring.
let s = 0;
outer: for (const row of [[1, 2], [3, 4], [5, 6]]) {
  for (const v of row) {
    if (v === 4) continue outer;
    if (v === 6) break outer;
    s += v;
  }
}
const pairs: [string, number][] = [["a", 1], ["b", 2]];
let keys = "";
for (const [k, v] of pairs) keys += k + v;
console.log(s, keys);

// Typed arrays, strings, array subclasses, Maps, generators, array-likes
// through Array.from.
class Stack<T> extends Array<T> {}
const st = new Stack<number>();
st.push(7, 8);
let t = "";
for (const x of new Uint8Array([1, 2, 3])) t += x;
for (const c of "h\u{1F600}i") t += c.length;
for (const x of st) t += x;
for (const [k, v] of new Map([["m", 1]])) t += k + v;
function* gen() { yield 1; yield 2; }
for (const x of gen()) t += x;
for (const x of Array.from({ length: 2, 0: "p", 1: "q" })) t += x;
console.log(t);

// A custom iterator on an array instance.
const custom = [1, 2, 3];
(custom as unknown as { [Symbol.iterator]: () => Iterator<number> })[Symbol.iterator] = function* () { yield 42; };
let c = 0;
for (const x of custom) c += x;
console.log(c);

// Exceptions in the body close nothing for arrays but still propagate.
try {
  for (const x of [1, 2, 3]) {
    if (x === 2) throw new Error("stop at " + x);
  }
} catch (e) {
  console.log((e as Error).message);
}

// Many strings (collections under stress).
const words: string[] = [];
for (let i = 0; i < 2000; i++) words.push("w" + i);
let total = 0;
for (const w of words) total += (w + "!").length;
console.log(total);
