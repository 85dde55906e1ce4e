// Intl.NumberFormat for en-US: digits and rounding (half-expand on the decimal value),
// grouping, signs, percent, currency, unit, compact and scientific notation, formatToParts,
// resolvedOptions, errors, and Number/BigInt toLocaleString with locales and options.
const nums = [0, -0, 1, -1, 1.005, 2.5, -2.5, 1234.5678, 0.000123, 123456789.987, -0.0001, 999.9995, 999999, 1500, 0.5, 1e21, NaN, Infinity, -Infinity];
const options: any[] = [
  {}, { maximumFractionDigits: 2 }, { minimumFractionDigits: 2 }, { minimumFractionDigits: 1, maximumFractionDigits: 1 }, { maximumFractionDigits: 0 },
  { minimumIntegerDigits: 3 }, { maximumSignificantDigits: 3 }, { minimumSignificantDigits: 5 }, { minimumSignificantDigits: 2, maximumSignificantDigits: 4 },
  { useGrouping: false }, { useGrouping: "min2" }, { useGrouping: true },
  { signDisplay: "always" }, { signDisplay: "exceptZero" }, { signDisplay: "never" }, { signDisplay: "negative" },
  { style: "percent" }, { style: "percent", maximumFractionDigits: 2 },
  { style: "currency", currency: "USD" }, { style: "currency", currency: "eur" }, { style: "currency", currency: "JPY" }, { style: "currency", currency: "GBP", currencyDisplay: "code" },
  { style: "currency", currency: "USD", currencyDisplay: "name" }, { style: "currency", currency: "USD", currencySign: "accounting" }, { style: "currency", currency: "CHF" },
  { style: "currency", currency: "CAD", currencyDisplay: "narrowSymbol" }, { style: "currency", currency: "XYZ" }, { style: "currency", currency: "USD", maximumFractionDigits: 0 },
  { style: "unit", unit: "kilometer-per-hour" }, { style: "unit", unit: "megabyte", unitDisplay: "long" }, { style: "unit", unit: "celsius", unitDisplay: "narrow" },
  { style: "unit", unit: "day", unitDisplay: "long" }, { style: "unit", unit: "percent" },
  { notation: "compact" }, { notation: "compact", compactDisplay: "long" }, { notation: "compact", maximumFractionDigits: 1 }, { notation: "compact", style: "currency", currency: "USD" },
  { notation: "scientific" }, { notation: "engineering" }, { notation: "scientific", maximumFractionDigits: 1 },
  { trailingZeroDisplay: "stripIfInteger", minimumFractionDigits: 2 },
  { maximumFractionDigits: 1, minimumFractionDigits: 3 }, { minimumIntegerDigits: 0 }, { style: "currency" }, { style: "currency", currency: "US" },
  { style: "unit", unit: "parsec" }, { style: "unit" }, { style: "bogus" }, { maximumSignificantDigits: 22 },
];
for (const o of options) {
  try {
    const f = new Intl.NumberFormat("en-US", o);
    console.log(JSON.stringify(o), "=>", nums.map((n) => f.format(n)).join(" | "));
    console.log("  ", JSON.stringify(f.resolvedOptions()));
    console.log("  ", JSON.stringify(f.formatToParts(-1234.5678)));
  } catch (e: any) {
    console.log(JSON.stringify(o), "=>", e.constructor.name + ": " + e.message);
  }
}
const nf = new Intl.NumberFormat("en-US");
console.log(nf.format(12345678901234567890n), nf.format(-5n), nf.format("1234.5" as any), nf.format(true as any), nf.format(undefined as any), nf.format({ valueOf: () => 42 } as any));
console.log((1234.5).toLocaleString(), (1234.5).toLocaleString("en-US", { style: "currency", currency: "USD" }), (0.256).toLocaleString(undefined, { style: "percent" }));
console.log((123456789n).toLocaleString("en-US"), (-123456789n).toLocaleString("en-US", { notation: "compact" }), (5n).toLocaleString("en-US", { minimumFractionDigits: 2 }));
console.log((1e6).toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: 2 }), (-1.5).toLocaleString("en-US", { signDisplay: "always" }));
const fmt = nf.format;
console.log([1, 22, 333333].map(fmt).join(" "), typeof fmt, fmt.name === "", fmt.length, nf.format === fmt);
console.log(Object.prototype.toString.call(nf), Intl.NumberFormat.name, Intl.NumberFormat.length, Intl.NumberFormat.prototype[Symbol.toStringTag]);
console.log(Intl.NumberFormat("en-US").format(5), Intl.NumberFormat() instanceof Intl.NumberFormat, Intl.NumberFormat.supportedLocalesOf(["en-US"]));
try {
  (1).toLocaleString("xx_YY");
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
try {
  (Intl.NumberFormat.prototype as any).resolvedOptions.call(new Intl.DateTimeFormat());
} catch (e: any) {
  console.log(e.constructor.name);
}
// Prices, as servers print them.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
let total = 0;
for (const cents of [1999, 250, 100000, 5, 123456789]) {
  total += cents / 100;
  console.log(usd.format(cents / 100), usd.format(total));
}

// roundingMode (roundingIncrement is not applied by Perry: left out).
const vals = [1.25, 1.35, -1.25, -1.35, 1.2, -1.2, 0.004, -0.004, 0.005, 2.5, -2.5, 999.995, 0.0001];
for (const m of ["ceil", "floor", "expand", "trunc", "halfCeil", "halfFloor", "halfExpand", "halfTrunc", "halfEven"]) {
  const f = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1, roundingMode: m as any });
  const g = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 2, roundingMode: m as any });
  const c = new Intl.NumberFormat("en-US", { notation: "compact", roundingMode: m as any });
  console.log(m, vals.map((v) => f.format(v)).join(" "), "|", vals.map((v) => g.format(v)).join(" "), "|", [1249, -1251, 15500, 999999].map((v) => c.format(v)).join(" "), f.resolvedOptions().roundingMode);
}

// Decimal strings are read exactly (Intl.NumberFormat v3).
const n = new Intl.NumberFormat("en-US", { maximumFractionDigits: 20 });
for (const s of ["12345678901234567890.123", "  -1.5e3 ", "0x1F", "", "1_000", "abc", "-0", "1e-30", "Infinity", "+.5", "5.", "0.000", "1.005", "-1e21", "00012.50"]) console.log(JSON.stringify(s), n.format(s as any));
console.log(new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format("1.005" as any), new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format("19.999" as any), new Intl.PluralRules("en-US").select("1" as any));
