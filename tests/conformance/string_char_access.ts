// charAt, charCodeAt, bracket indexing, at, length
const s = "Hello, World";
console.log(s.length, s[0], s[7], s[100], s.charAt(4), JSON.stringify(s.charAt(100)));
console.log(s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(100), s.charCodeAt(-1));
console.log(s.at(0), s.at(-1), s.at(-5), s.at(50), s.at(-50));
console.log(s.charAt(1.9), s.charAt(-1) === "", s.charAt());
const emoji = "a😀b";
console.log(emoji.length, emoji[1] === "\ud83d", emoji.charCodeAt(1), emoji.charCodeAt(2), emoji.at(-1));
const accents = "café";
console.log(accents.length, accents[3], accents.charCodeAt(3));
let codes = "";
for (let i = 0; i < 5; i++) codes += "abcde".charCodeAt(i) + " ";
console.log(codes.trim());
console.log("".length, "".charAt(0) === "", "".at(0));
const str: any = "immutable";
try {
  str[0] = "X";
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(str);
console.log("abc"[1], "abc"["length"], "\n".length, "\\".length);
