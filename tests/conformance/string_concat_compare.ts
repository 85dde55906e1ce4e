// String building, comparison and conversion
let s = "";
for (let i = 0; i < 5; i++) s += i;
console.log(s, s.length, typeof s);
const parts: string[] = [];
for (const w of ["a", "b", "c"]) parts.push(w.repeat(2));
console.log(parts.join("/"));
console.log("abc" === "abc", "abc" === "ab" + "c", "a" < "b", "a" < "B", "10" < "9");
console.log(String(123), String(true), String([1, 2]), String({}), String(null), String(undefined));
console.log((123).toString(), (1.5).toString(), true.toString(), [1, [2, 3]].toString());
console.log(String(Symbol("x")), typeof String(1));
const multi = "line1\nline2\nline3";
console.log(multi.split("\n").length, multi.indexOf("\n"));
console.log("a" + "b" + "c" === "abc", "ab".length + "cd".length);
const big = "x".repeat(10000);
console.log(big.length, big.slice(-3));
console.log(["b", "a", "c"].sort().join("") === "abc");
console.log("Z".charCodeAt(0) < "a".charCodeAt(0), "é" > "e");
