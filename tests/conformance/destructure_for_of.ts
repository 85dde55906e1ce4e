// Destructuring in for-of heads and callbacks
const pairs: [string, number][] = [["a", 1], ["b", 2], ["c", 3]];
for (const [k, v] of pairs) console.log(k, v);
const people = [
  { name: "ann", age: 30, langs: ["ts", "rust"] },
  { name: "bob", age: 25, langs: [] as string[] },
];
for (const { name, age } of people) console.log(name, age);
for (const { name, langs: [primary = "none"] } of people) console.log(name, primary);
const m = new Map([["one", { n: 1 }], ["two", { n: 2 }]]);
for (const [key, { n }] of m) console.log(key, n);
for (const [i, ch] of [..."hey"].entries()) console.log(i, ch);
let last: any;
for ({ name: last } of people) {}
console.log(last);
let ka: any, va: any;
for ([ka, va] of Object.entries({ x: 1, y: 2 })) {}
console.log(ka, va);
const totals = pairs.reduce((acc, [, v]) => acc + v, 0);
console.log(totals);
const nested = [[1, [2, 3]], [4, [5, 6]]] as [number, [number, number]][];
for (const [a, [b, c]] of nested) console.log(a + b + c);
for (const [idx, { name }] of people.entries()) console.log(idx, name);
