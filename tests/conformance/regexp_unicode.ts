// Unicode (u) and unicodeSets (v) basics; character classes and escapes.
console.log(/^.$/.test("😀"), /^.$/u.test("😀"), "😀".match(/./gu)!.length, "😀".match(/./g)!.length);
console.log(/\u{61}/u.test("a"), /\u{61}/.test("a"), /\u{61}/.test("u".repeat(61)));
console.log(/\p{Lu}/u.test("É"), /\p{Script=Greek}/u.test("α"), /\P{L}/u.test("1"), /\p{Emoji}/u.test("😀"));
console.log(/[\p{L}&&\p{Lu}]/v.test("a"), /[\p{L}&&\p{Lu}]/v.test("A"), /[[a-z]--[aeiou]]/v.test("e"), /[[a-z]--[aeiou]]/v.test("f"));
console.log(/\p{RGI_Emoji}/v.test("👍🏽"), /[\q{abc|d}]/v.exec("xabc")![0]);
console.log(/ǅ/i.test("ǆ"), /ß/i.test("SS"), /\u212A/i.test("k"), /\u212A/iu.test("k"));
console.log(/\w/.test("é"), /\d/.test("٣"), /\s/.test("\u00a0"), /\s/.test("\ufeff"), /\S+/.exec("  ab ")![0]);
console.log(/[\uD83D]/.test("😀"), /[\uD83D]/u.test("😀"), "\uD83D".match(/./u)![0].length);
console.log("ÀÉÎ".replace(/[À-Ö]/g, "x"), "aé".match(/\w+/)![0]);
console.log("a😀b".split(/(?:)/u), "a😀b".replace(/./gu, (c) => `[${c.length}]`));
const sticky = /./uy;
sticky.lastIndex = 0;
console.log(sticky.exec("😀")![0].length, sticky.lastIndex);
console.log(/(?<𝒜>x)/u.exec("x")!.groups);
