// Array destructuring: skipping, defaults, rest, nested
const [a, b, c] = [1, 2, 3];
console.log(a, b, c);
const [first, , third] = ["x", "y", "z"];
console.log(first, third);
const [p = 10, q = 20, r = 30] = [1, undefined, null];
console.log(p, q, r);
const [head, ...tail] = [1, 2, 3, 4];
console.log(head, tail);
const [only, ...empty] = [1];
console.log(only, empty);
const [m, n] = [1];
console.log(m, n);
const [[x1, x2], [y1, y2]] = [[1, 2], [3, 4]];
console.log(x1, x2, y1, y2);
const [s1, s2, ...srest] = "hello";
console.log(s1, s2, srest);
const [e1, e2] = "😀!";
console.log(e1, e2);
const [k1, v1] = new Map([["key", "val"]]).entries().next().value!;
console.log(k1, v1);
const [u1, u2] = new Set([5, 6, 7]);
console.log(u1, u2);
let calls = 0;
const dflt = () => ++calls;
const [d1 = dflt(), d2 = dflt(), d3 = dflt()] = [0, undefined];
console.log(d1, d2, d3, calls);
const [a1, b1 = a1 * 2] = [5];
console.log(a1, b1);
const [, , , ...fromThree] = [0, 1, 2, 3, 4];
console.log(fromThree);
try {
  const [z] = null as any;
  console.log(z);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
