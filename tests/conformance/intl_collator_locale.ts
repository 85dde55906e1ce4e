// Intl.Collator (compare as a bound getter, sensitivity, numeric, caseFirst,
// ignorePunctuation), localeCompare with options, Intl.Locale, getCanonicalLocales,
// supportedValuesOf and the Intl object itself.
const words = ["résumé", "resume", "Resume", "RESUME", "apple", "Banana", "banana", "item10", "item2", "item1", "Zebra", "zebra", "éclair", "eclair", "10", "9"];
for (const o of [{}, { sensitivity: "base" }, { sensitivity: "accent" }, { sensitivity: "case" }, { numeric: true }, { caseFirst: "upper" }] as any[]) {
  const c = new Intl.Collator("en-US", o);
  console.log(JSON.stringify(o), [...words].sort(c.compare).join(","), c.compare("a", "A"), c.compare("é", "e"), c.compare("a", "b"), c.compare("b", "a"));
  console.log("  ", JSON.stringify(c.resolvedOptions()));
}
const c = new Intl.Collator("en-US", { sensitivity: "base" });
console.log(c.compare === c.compare, c.compare.name === "", c.compare.length, ["b", "A", "a", "B"].sort(c.compare));
console.log(Intl.Collator().compare("a", "b"), Intl.Collator("en-US") instanceof Intl.Collator, Intl.Collator.name, Intl.Collator.length);
console.log("a".localeCompare("B"), "a".localeCompare("A", "en-US", { sensitivity: "base" }), "item10".localeCompare("item9", undefined, { numeric: true }), "item10".localeCompare("item9"));
console.log(["Ölbaum", "Zebra", "apfel", "Äpfel"].sort((a, b) => a.localeCompare(b, "en-US")));
try {
  "a".localeCompare("b", "en_US");
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
try {
  new Intl.Collator("en-US", { sensitivity: "loud" as any });
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}

const loc = new Intl.Locale("en-Latn-US-u-ca-gregory-hc-h23");
console.log(loc.toString(), loc.baseName, loc.language, loc.script, loc.region, loc.calendar, loc.hourCycle, loc.numeric, String(new Intl.Locale("EN-us")));
for (const t of ["en", "fr", "zh-TW", "ja", "en-GB", "de-Latn-DE", "und", "es-419"]) {
  const l = new Intl.Locale(t);
  console.log(t, l.maximize().toString(), l.minimize().toString(), l.maximize() instanceof Intl.Locale);
}
console.log(new Intl.Locale("en", { region: "GB", hourCycle: "h12", numeric: true }).toString(), new Intl.Locale(new Intl.Locale("en-US")).toString());
console.log(Intl.Locale.name, Intl.Locale.length, Object.prototype.toString.call(loc), new Intl.DateTimeFormat(new Intl.Locale("en-US")).resolvedOptions().locale);
for (const f of [() => new (Intl.Locale as any)(), () => new Intl.Locale("x"), () => (Intl.Locale as any)("en")]) {
  try {
    f();
  } catch (e: any) {
    console.log(e.constructor.name, e.message);
  }
}
console.log(Intl.getCanonicalLocales(["EN-us", "en-US", "de-de", "zh-hant-tw"]), Intl.getCanonicalLocales("FR"), Intl.getCanonicalLocales());
try {
  Intl.getCanonicalLocales("en_US");
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
console.log(String(Intl), Object.prototype.toString.call(Intl), typeof Intl, Object.keys(Intl));
console.log(Intl.supportedValuesOf("calendar").includes("gregory"), Intl.supportedValuesOf("currency").includes("USD"), Intl.supportedValuesOf("timeZone").includes("America/New_York"));
try {
  Intl.supportedValuesOf("bogus" as any);
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
