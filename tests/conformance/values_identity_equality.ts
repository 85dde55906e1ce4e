// Primitive values are compared by value, copied on assignment
let s1 = "hello";
let s2 = s1;
s2 += " world";
console.log(s1, "|", s2);
let n1 = 5;
let n2 = n1;
n2++;
console.log(n1, n2);
const o1 = { v: 1 };
const o2 = o1;
o2.v = 2;
console.log(o1.v, o2.v, o1 === o2);
const arr1 = [1, 2];
const arr2 = arr1;
arr2.push(3);
console.log(arr1, arr1 === arr2);
function tryChange(p: number, s: string, o: { v: number }, a: number[]) {
  p = 100; s = "changed"; o.v = 100; a[0] = 100;
}
const pn = 1, ps = "orig", po = { v: 1 }, pa = [1];
tryChange(pn, ps, po, pa);
console.log(pn, ps, po, pa);
console.log(typeof 1 === typeof 2.5, typeof "" === typeof String(1));
const big = 2 ** 53;
console.log(big === big + 1, big - 1 === big - 2);
console.log("a".repeat(3) === "aaa", ["a", "b"].join("") === "ab");
console.log(Object.is(-0, -0), Object.is(0, -0), -0 === 0, [NaN].includes(NaN), [NaN].indexOf(NaN));
