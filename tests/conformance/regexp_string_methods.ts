// String.prototype.match / search / replace / replaceAll with regexes.
console.log("The Quick Brown".match(/[A-Z]/g), "abc".match(/z/g), "abc".match(/(b)(c)/));
console.log("aaa".match(/a*?/g), "".match(/x*/g), "x".match("x"), "a.b".match("."));
console.log("hello".search(/l+/), "hello".search(/z/), "a+b".search("+"  as any === "" ? "x" : "\\+"));
console.log("2024-05-17".replace(/(\d+)-(\d+)-(\d+)/, "$3/$2/$1"));
console.log("abc".replace(/b/, "[$&|$`|$'|$$]"), "abc".replace(/(?<mid>b)/, "<$<mid>>"), "abc".replace(/(b)/, "$2$1$01$10"));
console.log("aaa".replace(/a/g, "b"), "aaa".replace(/a/, "b"), "a-b_c".replace(/[-_]/g, " "));
console.log("john smith".replace(/(\w+)\s(\w+)/, (m, first, last, off, str) => `${last.toUpperCase()}, ${first} @${off} in ${str.length}`));
console.log("x1y22".replace(/(?<n>\d+)/g, (...args: any[]) => JSON.stringify(args)));
console.log("aaa".replace(/a*/g, "-"), "abc".replace(/(?:)/g, "."), "😀😀".replace(/(?:)/gu, "."), "😀".replace(/(?:)/g, ".").length);
console.log("a.b.c".replaceAll(".", "!"), "a1b2".replaceAll(/\d/g, (d) => String(Number(d) * 2)));
try {
  "abc".replaceAll(/b/, "x");
} catch (e: any) {
  console.log(e.name);
}
try {
  "abc".matchAll(/b/);
} catch (e: any) {
  console.log(e.name);
}
const counter = /o/g;
counter.lastIndex = 3;
console.log("foo".replace(counter, "0"), counter.lastIndex);
const searcher = /o/g;
searcher.lastIndex = 2;
console.log("foo".search(searcher), searcher.lastIndex);
// An object with Symbol.replace / Symbol.match is used as is.
const fakeRe = {
  [Symbol.replace](s: string, r: string) {
    return `replaced(${s},${r})`;
  },
  [Symbol.match](s: string) {
    return ["matched " + s];
  },
  [Symbol.search](s: string) {
    return s.length;
  },
};
console.log("str".replace(fakeRe as any, "r"), "str".match(fakeRe as any), "str".search(fakeRe as any));
console.log("camelCaseString".replace(/([A-Z])/g, "_$1").toLowerCase());
console.log("  trim  me  ".replace(/^\s+|\s+$/g, "").replace(/\s+/g, " "));
console.log("Price: $5".replace(/\$(\d)/, "$$$1.00"));
