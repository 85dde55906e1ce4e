// Object.keys, values, entries and fromEntries
const obj: any = { b: 2, a: 1, 10: "ten", 1: "one", c: undefined };
console.log(Object.keys(obj));
console.log(Object.values(obj));
console.log(Object.entries(obj));
console.log(Object.keys([4, 5, 6]), Object.values("hi"), Object.entries([7]));
console.log(Object.keys({}), Object.values({}), Object.entries({}));
const proto = { inherited: 1 };
const child = Object.create(proto);
child.own = 2;
console.log(Object.keys(child), Object.values(child));
const sym = Symbol("s");
console.log(Object.keys({ [sym]: 1, visible: 2 }));
const prices: Record<string, number> = { apple: 1.5, pear: 2, kiwi: 0.75 };
const total = Object.values(prices).reduce((a, b) => a + b, 0);
console.log(total);
const doubled = Object.fromEntries(Object.entries(prices).map(([k, v]) => [k, v * 2]));
console.log(doubled);
console.log(Object.fromEntries(new Map<string, any>([["x", 1], ["y", [2]]])));
for (const [k, v] of Object.entries({ first: 1, second: 2 })) {
  console.log(k, "->", v);
}
class K { a = 1; method() {} }
console.log(Object.keys(new K()), Object.entries(new K()));
const inverted = Object.fromEntries(Object.entries({ a: "x", b: "y" }).map(([k, v]) => [v, k]));
console.log(inverted);
