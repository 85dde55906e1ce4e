// exec: result arrays, groups, indices, lastIndex with g and y.
function show(m: RegExpExecArray | null) {
  if (m === null) {
    console.log("null");
    return;
  }
  console.log(JSON.stringify([...m]), m.index, m.input, m.groups === undefined ? "no groups" : JSON.stringify(m.groups));
}
show(/(\w)(\d)?/.exec("a1 b"));
show(/(?<year>\d{4})-(?<month>\d{2})/.exec("on 2024-05-17"));
show(/z/.exec("abc"));
show(/(a)|(b)/.exec("b"));
const d = /(?<first>a)(b)?/d.exec("xab")!;
console.log(JSON.stringify(d.indices), JSON.stringify(d.indices!.groups));
console.log(d);

const g = /o/g;
const s = "foo boo";
const seen: number[] = [];
while (g.exec(s)) seen.push(g.lastIndex);
console.log(seen, g.lastIndex);

const y = /a/y;
console.log(y.test("aab"), y.lastIndex, y.test("aab"), y.lastIndex, y.test("aab"), y.lastIndex);
y.lastIndex = 1;
console.log(y.exec("ba")?.index, y.lastIndex);
const ny = /b/y;
console.log(ny.test("ab"), ny.lastIndex);

const plain = /x/;
plain.lastIndex = 5;
console.log(plain.test("x"), plain.lastIndex);

const big = /a/g;
big.lastIndex = 100;
console.log(big.exec("aaa"), big.lastIndex);

const li = /./g;
li.lastIndex = "2" as any;
console.log(li.exec("abcd")![0], li.lastIndex);

console.log(/^b/m.exec("a\nb")!.index, /^b/.exec("a\nb"), /a.c/s.test("a\nc"), /a.c/.test("a\nc"));
console.log(/ABC/i.test("xabcx"), /\bfoo\b/.test("a foo b"), /(\d+)\s\1/.test("12 12"));
console.log(/(?<=\$)\d+/.exec("cost $42")![0], /(?<!\$)\b\d+/.exec("$4 7")![0], /a(?=b)/.exec("acab")!.index);
console.log(/[^]/.exec("\n")![0] === "\n", /\u{1F600}/u.test("😀"), /\x41\u0042/.test("AB"));
console.log(/a{2,3}?/.exec("aaaa")![0], /a*?b/.exec("aaab")![0], /(a+)+b/.test("aaaaaaaaaaaaaaaab"));
// Custom exec is what test() and the Symbol methods call.
const custom = /x/ as any;
custom.exec = function (str: string) {
  console.log("custom exec on", str);
  return null;
};
console.log(custom.test("x"));
