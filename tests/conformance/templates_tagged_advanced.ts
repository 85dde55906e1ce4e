// Tagged templates: raw vs cooked escapes, member tags, nesting and reuse
function show(strings: TemplateStringsArray, ...values: unknown[]) {
  return JSON.stringify({ cooked: [...strings], raw: [...strings.raw], values });
}
console.log(show`a\tb${1}c\nd`);
console.log(show`\\${"x"}\``);
console.log(show`unicode \u00e9 and \x41`);
console.log(show`line1
line2`);
const lib = {
  html(strings: TemplateStringsArray, ...values: unknown[]) {
    return strings.reduce((acc, s, i) => acc + s + (i < values.length ? String(values[i]).replace("<", "&lt;") : ""), "");
  },
};
console.log(lib.html`<p>${"<b>"} and ${42}</p>`);
const sql = (strings: TemplateStringsArray, ...values: unknown[]) => ({
  text: strings.reduce((acc, s, i) => acc + "$" + i + s),
  values,
});
console.log(sql`SELECT * FROM t WHERE a = ${1} AND b = ${"two"}`);
const inner = (s: TemplateStringsArray, ...v: unknown[]) => `[${s.join("|")}:${v.join(",")}]`;
console.log(inner`outer ${inner`nested ${1}`} end`);
function cacheKey(s: TemplateStringsArray) { return s; }
const keys = [0, 1].map((i) => cacheKey`same site ${i}`);
const other = cacheKey`same site ${0}`;
console.log(keys[0] === keys[1], keys[0] === other);
console.log(String.raw`\n${"mid"}\t`.length, String.raw({ raw: ["x", "y", "z"] } as any, 1, 2));
const countArgs = (...args: unknown[]) => args.length;
console.log(countArgs`${1}${2}${3}`, countArgs`none`);
