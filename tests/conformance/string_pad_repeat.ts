// padStart, padEnd, repeat
console.log("5".padStart(3, "0"), "5".padEnd(3, "0"), "abc".padStart(2), "abc".padEnd(6) + "|");
console.log("x".padStart(5, "ab"), "x".padEnd(5, "ab"), "x".padStart(5, ""), "x".padStart(0, "z"));
console.log("42".padStart(6), "|" + "42".padEnd(6) + "|", "".padStart(3, "-"));
console.log("ab".repeat(3), JSON.stringify("ab".repeat(0)), "-".repeat(10), "".repeat(100).length);
try {
  "x".repeat(-1);
} catch (e: any) {
  console.log(e instanceof RangeError, e.name);
}
try {
  "x".repeat(Infinity);
} catch (e: any) {
  console.log(e instanceof RangeError, e.name);
}
console.log("ab".repeat(2.9));
const table = [["name", "qty"], ["apple", "3"], ["kiwi", "12"]];
for (const [n, q] of table) console.log(n.padEnd(8, ".") + q.padStart(4));
const hex = (n: number) => n.toString(16).padStart(2, "0");
console.log([0, 9, 10, 255].map(hex).join(":"));
const box = (w: number) => "+" + "-".repeat(w) + "+";
console.log(box(5));
console.log("|" + "hi".padStart(4).padEnd(6) + "|");
