// JSON.stringify with indentation (number and string)
const data = { name: "x", list: [1, 2, { deep: true }], empty: {}, emptyArr: [], n: null };
console.log(JSON.stringify(data, null, 2));
console.log(JSON.stringify(data, null, "--"));
console.log(JSON.stringify([1, [2, [3]]], null, 4));
console.log(JSON.stringify({ a: 1 }, null, 0));
console.log(JSON.stringify({ a: 1 }, null, ""));
console.log(JSON.stringify({ a: 1 }, null, 20));
console.log(JSON.stringify({ a: 1 }, null, "abcdefghijklmnop"));
console.log(JSON.stringify({ a: 1 }, null, -1));
console.log(JSON.stringify("str", null, 2), JSON.stringify([], null, 2), JSON.stringify({}, null, 2));
console.log(JSON.stringify([undefined, { u: undefined }], null, 1));
console.log(JSON.stringify({ a: [] , b: [{}] }, null, "\t"));
console.log(JSON.stringify({ a: { b: { c: [1, { d: 2 }] } } }, null, 3));
console.log(JSON.stringify([1, "two", null], null, "  "));
console.log(JSON.stringify({ k: "v" }, null, 2.9));
console.log(JSON.stringify({ k: "v" }, null, "\t\t"));
