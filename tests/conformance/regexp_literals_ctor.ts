// Regex literals and the RegExp constructor: source, flags, getters, toString.
const lits = [/abc/, /a\/b/gi, /[/]x/m, /(?:)/, /\d+\.\d*/suy, /x/d, /[\p{L}--[a-z]]/v];
for (const r of lits) {
  console.log(String(r), r.source, r.flags, r.global, r.ignoreCase, r.multiline, r.dotAll, r.unicode, r.unicodeSets, r.sticky, r.hasIndices, r.lastIndex);
}
// Each evaluation of a literal makes a new object.
function make() {
  return /x/g;
}
const a = make();
const b = make();
console.log(a === b, a.source === b.source);
a.lastIndex = 3;
console.log(a.lastIndex, b.lastIndex);

console.log(new RegExp("a+b", "g"), RegExp("c"), new RegExp(""), new RegExp("/"), new RegExp("\n\r"), new RegExp(undefined));
const src = /q(u)/gi;
const copy = new RegExp(src);
console.log(copy, copy === src, copy.flags);
console.log(new RegExp(src, "m"), RegExp(src) === src, RegExp(src, "g") === src);
console.log(new RegExp("x", undefined).flags, new RegExp(5 as any), new RegExp(null as any));
console.log(RegExp.prototype.source, RegExp.prototype.flags, RegExp.prototype.global, RegExp.prototype.toString());
console.log(Object.prototype.toString.call(/a/), typeof /a/, /a/ instanceof RegExp, RegExp.length, RegExp.name);
console.log(RegExp[Symbol.species] === RegExp);
const desc = Object.getOwnPropertyDescriptor(/a/, "lastIndex")!;
console.log(desc.value, desc.writable, desc.enumerable, desc.configurable);
console.log(Object.keys(/a/), Object.getOwnPropertyNames(/a/));
console.log({ re: /x/y, list: [/a/, /b/g] });
const withProps = /p/g as any;
withProps.extra = 1;
console.log(withProps);
class MyRe extends RegExp {}
const mine = new MyRe("z", "i");
console.log(mine instanceof MyRe, mine instanceof RegExp, mine.test("Z"), mine.flags);
const fake = { source: "s", flags: "gm" };
console.log(RegExp.prototype.toString.call(fake));
console.log(Object.getOwnPropertyNames(RegExp.prototype).sort().join());
