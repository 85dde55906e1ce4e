import * as R from "remeda";
const users = [{ name: "a", age: 30, team: "x" }, { name: "b", age: 20, team: "y" }, { name: "c", age: 25, team: "x" }];
console.log(JSON.stringify(R.pipe(users, R.filter((u) => u.age > 21), R.map((u) => u.name))), JSON.stringify(R.groupBy(users, (u) => u.team)));
console.log(JSON.stringify(R.sortBy(users, (u) => u.age).map((u) => u.name)), JSON.stringify(R.chunk([1, 2, 3, 4, 5], 2)), JSON.stringify(R.pick({ a: 1, b: 2 }, ["a"])), R.sum([1, 2, 3]));
