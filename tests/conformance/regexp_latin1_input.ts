// RegExps over one-byte subjects: ASCII text goes to regress's ASCII entry point (with its start
// predicate: anchors, first-byte search), other Latin-1 text is matched in place as Latin-1
// (case folding, classes, lookbehind, slices, lastIndex), two-byte text as UTF-16.
const cases: [RegExp, string][] = [
  [/\u017F/iu, "s"], [/\u017F/iu, "xxS"], [/\u212A/iu, "k"], [/\u212A/iu, "abcK"], [/K/iu, "\u212A"], [/s/iu, "\u017F"],
  [/é/i, "É"], [/É/i, "café"], [/é/, "cafe"], [/[à-ÿ]+/i, "ÀÉÎ xyz"], [/\w+/, "éé abc"], [/\W+/, "abc éè!"], [/\bé/, "x é"],
  [/ÿ/i, "Ÿ"], [/Ÿ/i, "ÿ"], [/µ/i, "Μ"], [/ß/i, "ẞ"], [/ß/iu, "ẞ"], [/[^a-z]/, "abcé"], [/é{2}/, "éé"], [/(?<=é)x/, "éx"],
  [/^x/, "ax"], [/^é/m, "a\né"], [/x$/, "éx"], [/./su, "\n"], [/\p{L}+/u, "naïve!"], [/\p{Lu}/u, "aÉ"], [/[\u00e0-\u00ff]/u, "zë"],
  [/ab|é/, "zzzé"], [/(a)|(é)/, "é"], [/\s+/, "a\u00a0b"], [/\u00a0/, " \u00a0"], [/[\s\S]{3}$/, "abcé"],
];
for (const [re, s] of cases) {
  const m = re.exec(s);
  console.log(String(re), JSON.stringify(s), m ? [m.index, m[0], m.length] : null);
}
const long = "x".repeat(200) + "é" + "abc naïve ÉCOLE".repeat(5);
const sl = long.slice(150);
for (const re of [/^x+/, /é/g, /naïve/gi, /école/gi, /(?<=x)é/, /\bna/g, /É\w+/]) {
  const all = sl.match(re);
  console.log(String(re), all && all.length, all && all[0], re.lastIndex);
}
const sticky = /ab/y;
sticky.lastIndex = 3;
console.log(sticky.test("éééab"), sticky.lastIndex, sticky.test("éééab"), sticky.lastIndex);
const g = /é/g; g.lastIndex = 2;
console.log(g.exec("ééxé")?.index, g.lastIndex, "aébéc".split(/é/), "aébéc".replace(/é/g, "E"), "aÉ".replace(/é/i, (m) => `[${m}]`));
const r = /(?<word>[a-zé]+)/d.exec("123 café");
console.log(r!.index, r!.input, r!.groups!.word, r!.indices![1], Object.keys(r!), JSON.stringify(r));
