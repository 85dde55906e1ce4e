// Intl.PluralRules, Intl.RelativeTimeFormat and Intl.ListFormat with en's rules and patterns.
const pr = new Intl.PluralRules("en-US");
const po = new Intl.PluralRules("en-US", { type: "ordinal" });
console.log([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 1.5, -1, 1.0, 1e3].map((n) => `${n}:${pr.select(n)}/${po.select(n)}`).join(" "));
const suffix = { one: "st", two: "nd", few: "rd", other: "th" } as Record<string, string>;
console.log([1, 2, 3, 4, 11, 12, 13, 21, 102, 113].map((n) => n + suffix[po.select(n)]).join(" "));
console.log(new Intl.PluralRules("en-US", { minimumFractionDigits: 1 }).select(1), new Intl.PluralRules("en-US", { maximumFractionDigits: 0 }).select(1.2));
const ro = pr.resolvedOptions();
console.log(ro.type, ro.minimumIntegerDigits, ro.minimumFractionDigits, ro.maximumFractionDigits, ro.pluralCategories, po.resolvedOptions().pluralCategories);
try {
  (Intl.PluralRules as any)();
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
try {
  new Intl.PluralRules("en-US", { type: "cardinalish" as any });
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
for (const style of ["long", "short", "narrow"]) {
  for (const numeric of ["always", "auto"]) {
    const r = new Intl.RelativeTimeFormat("en-US", { style: style as any, numeric: numeric as any });
    const units = ["year", "quarter", "months", "week", "day", "hours", "minute", "second"];
    console.log(style, numeric, units.map((u) => [-2, -1, -0, 0, 1, 2.5, 1000].map((v) => r.format(v, u as any)).join(",")).join(" | "));
  }
}
const rtf = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
console.log(JSON.stringify(rtf.formatToParts(-3, "day")), JSON.stringify(rtf.formatToParts(1, "day")));
console.log(JSON.stringify(rtf.formatToParts(12345.5, "seconds")), JSON.stringify(rtf.resolvedOptions()));
for (const [v, u] of [[1, "decade"], [Infinity, "day"], [NaN, "day"]] as any[]) {
  try {
    rtf.format(v, u);
  } catch (e: any) {
    console.log(e.constructor.name, e.message);
  }
}
for (const type of ["conjunction", "disjunction", "unit"]) {
  for (const style of ["long", "short", "narrow"]) {
    const lf = new Intl.ListFormat("en-US", { type: type as any, style: style as any });
    console.log(type, style, [[], ["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"]].map((l) => lf.format(l)).join(" | "));
  }
}
const lf = new Intl.ListFormat("en-US");
console.log(JSON.stringify(lf.formatToParts(["x", "y", "z"])), JSON.stringify(lf.resolvedOptions()), lf.format(new Set(["p", "q"])));
function* gen() {
  yield "one";
  yield "two";
  yield "three";
}
console.log(lf.format(gen()), new Intl.ListFormat("en-US", { type: "disjunction" }).format(["tea", "coffee"]));
try {
  lf.format(["a", 1] as any);
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
for (const C of [Intl.PluralRules, Intl.RelativeTimeFormat, Intl.ListFormat] as any[]) {
  console.log(C.name, C.length, C.prototype[Symbol.toStringTag], Object.prototype.toString.call(new C("en-US")), C.supportedLocalesOf("en-US"));
  try {
    C("en-US");
  } catch (e: any) {
    console.log(e.constructor.name, e.message);
  }
}
