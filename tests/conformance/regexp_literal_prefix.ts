// Patterns that start with literal characters are searched for those first
// (a match can start nowhere else); every kind of use must find the same
// matches as before: exec with lastIndex, global and sticky, test, match,
// matchAll, replace, split, and patterns where the prefix is cut short by a
// quantifier or where alternation forbids one.

const s = "xx items/15 items/205 items/35 itemsitems/5 end";
const show = (m: RegExpExecArray | null): string => (m ? `${m.index}:${m[0]}` : "null");

console.log(show(/items\/\d+5 /.exec(s)), /items\/\d+5 /.test(s), /items\/9/.test(s));
const g = /items\/(\d+)/g;
const seen: string[] = [];
let m: RegExpExecArray | null;
while ((m = g.exec(s)) !== null) seen.push(`${m.index}:${m[1]}@${g.lastIndex}`);
console.log(seen.join(" "));

const y = /items/y;
for (const at of [0, 3, 12, 40]) {
  y.lastIndex = at;
  console.log(at, show(y.exec(s)), y.lastIndex);
}

console.log(s.match(/ite(ms)\/\d/g), [...s.matchAll(/items\/(\d)/g)].map((x) => x.index + x[1]).join(","));
console.log(s.replace(/items\//g, "#"), s.replace(/items\/\d+/, (x: string) => x.toUpperCase()));
console.log(s.split(/items\//), "a--b--c".split(/--/), "aXbXXc".split(/X+/));

// Quantifiers that cut the prefix short, escapes, alternation, anchors.
const cases: [RegExp, string][] = [
  [/abc*d/, "xxabd abccd"],
  [/abc?d/, "abd"],
  [/ab{0,2}c/, "zac"],
  [/abc+d/, "abcccd"],
  [/a\.b/, "axb a.b"],
  [/ab|cd/, "xxcd"],
  [/ab(c|d)/, "abd"],
  [/^ab/m, "x\nab"],
  [/ab$/, "abab"],
  [/(?<=x)ab/, "yab xab"],
  [/ab(?=c)/, "abd abc"],
  [/ab\b/, "abc ab"],
  [/\u0061b/, "zab"],
  [/Ab/i, "xab"],
  [/😀x/u, "a😀x"],
  [/é+/, "café"],
];
for (const [re, text] of cases) console.log(String(re), show(re.exec(text)));
