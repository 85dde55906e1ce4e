import * as R from "ramda";
const people = [{ name: "Ann", age: 31 }, { name: "Bob", age: 17 }, { name: "Cy", age: 45 }];
const adults = R.pipe(R.filter((p: { age: number }) => p.age >= 18), R.map(R.prop("name")), R.join(", "));
console.log(adults(people));
console.log(JSON.stringify(R.groupBy((p: { age: number }) => (p.age > 30 ? "old" : "young"), people)));
console.log(R.sum([1, 2, 3]), JSON.stringify(R.uniq([1, 1, 2, 3, 3])), R.compose(R.toUpper, R.trim)("  hi  "), JSON.stringify(R.assocPath(["a", "b"], 1, {})));
const add3 = R.curry((a: number, b: number, c: number) => a + b + c);
console.log(add3(1)(2)(3), JSON.stringify(R.zip([1, 2], ["a", "b"])));
