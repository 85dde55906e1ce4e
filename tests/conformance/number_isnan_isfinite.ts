// Global isNaN/isFinite (coercing) vs Number.isNaN/isFinite/isInteger/isSafeInteger
const labels = ["NaN", "0", "-0", "1.5", "Infinity", "-Infinity", "'12'", "'abc'", "''", "null", "undefined", "true", "[]", "{}", "'NaN'", "1e308", "2**53"];
const vals: any[] = [NaN, 0, -0, 1.5, Infinity, -Infinity, "12", "abc", "", null, undefined, true, [], {}, "NaN", 1e308, 2 ** 53];
for (let i = 0; i < vals.length; i++) {
  const v = vals[i];
  console.log(
    labels[i].padEnd(10),
    isNaN(v), Number.isNaN(v),
    isFinite(v), Number.isFinite(v),
    Number.isInteger(v), Number.isSafeInteger(v),
  );
}
console.log(isNaN("  " as any), isNaN("1e5" as any), isNaN("0x10" as any), isNaN([1, 2] as any));
console.log(isFinite("1e308" as any), isFinite("1e309" as any), isFinite(null as any), isFinite(" \n" as any));
console.log(Number.isSafeInteger(-(2 ** 53 - 1)), Number.isSafeInteger(-(2 ** 53)), Number.isInteger(2 ** 60));
