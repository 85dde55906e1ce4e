// Objects and arrays that exceed the 72 character line width break onto multiple lines
console.log({ alpha: 1, beta: 2, gamma: 3, delta: 4 });
console.log({ alpha: "aaaaaaaaaa", beta: "bbbbbbbbbb", gamma: "cccccccccc", delta: "dddddddddd" });
console.log({ first: "first value", second: "second value", third: "third value", fourth: 4 });
console.log(["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc", "dddddddddddddddd", "eeee"]);
console.log({ short: 1, nested: { a: "some longer text here", b: "and more text here", c: 3 } });
console.log([{ name: "alpha", value: 1 }, { name: "beta", value: 2 }, { name: "gamma", value: 3 }]);
console.log({ a: [1, 2, 3], b: { c: "x".repeat(30), d: "y".repeat(30) } });
const user = {
  id: 12345,
  username: "someone",
  email: "someone@example.com",
  roles: ["admin", "editor"],
  profile: { first: "Some", last: "One", age: 42 },
};
console.log(user);
console.log("prefix", { key: "value".repeat(10), other: 1 });
console.log([["long string number one", "long string number two"], ["and three", "and four"]]);
