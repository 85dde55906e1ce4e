// Multiple arguments are joined with single spaces; each formatted independently
console.log("a", "b", "c");
console.log(1, 2, 3);
console.log("count:", 5, "items:", ["x", "y"]);
console.log("obj", { a: 1 }, "arr", [1], "str", "s");
console.log("", "");
console.log(" leading", "trailing ");
console.log("mixed", null, undefined, true, 0, -0, NaN);
console.log([1], [2], [3]);
console.log({}, [], "", 0);
console.log("nested", { list: ["a", { b: "c" }] });
const parts = ["x", "y", "z"];
console.log(...parts);
console.log(...[1, [2], { three: 3 }]);
console.log("multi\nline", "second");
console.log("tab\tseparated", "value");
