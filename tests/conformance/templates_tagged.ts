// Tagged templates: strings array, values and raw strings
function tag(strings: TemplateStringsArray, ...values: unknown[]) {
  return JSON.stringify({ strings: [...strings], values });
}
const a = 1, b = "two";
console.log(tag`plain`);
console.log(tag`${a}`);
console.log(tag`a=${a}, b=${b}!`);
console.log(tag``);
console.log(tag`${a}${b}`);
function raw(strings: TemplateStringsArray) {
  return strings.raw.join("|") + " / " + strings.join("|");
}
console.log(raw`line\nbreak${0}tab\there`);
console.log(String.raw`C:\new\table ${a + 1}`);
console.log(String.raw`\u0041 and \\`);
function upper(strings: TemplateStringsArray, ...values: unknown[]) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) {
    out += String(values[i]).toUpperCase() + strings[i + 1];
  }
  return out;
}
console.log(upper`hello ${b} and ${"three"}.`);
function counts(strings: TemplateStringsArray, ...values: unknown[]) {
  return [strings.length, values.length, Array.isArray(strings), Object.isFrozen(strings)];
}
console.log(counts`x${1}y${2}z`);
function same(strings: TemplateStringsArray) { return strings; }
const s1 = [1, 2].map(() => same`constant`);
console.log(s1[0] === s1[1]);
const obj = {
  prefix: "P",
  tagMethod(strings: TemplateStringsArray, ...vals: unknown[]) {
    return this.prefix + strings.join("_") + vals.length;
  },
};
console.log(obj.tagMethod`a${1}b`);
const returnsFn = (sep: string) => (strings: TemplateStringsArray, ...vals: unknown[]) => vals.join(sep);
console.log(returnsFn("+")`${1}${2}${3}`);
