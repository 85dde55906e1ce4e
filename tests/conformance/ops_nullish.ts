// Nullish coalescing ??
const values: any[] = [null, undefined, 0, -0, "", false, NaN, "x", [], {}];
for (const v of values) {
  console.log(String(v), "->", v ?? "fallback", "| or:", v || "fallback");
}
let evaluated = 0;
const rhs = () => { evaluated++; return "rhs"; };
console.log(1 ?? rhs(), evaluated);
console.log(null ?? rhs(), evaluated);
const a: any = null, b: any = undefined, c: any = 0;
console.log(a ?? b ?? c ?? "none");
console.log(a ?? b ?? "none");
const config: any = { timeout: 0, label: "", nested: { deep: null } };
console.log(config.timeout ?? 1000, config.missing ?? 1000);
console.log(config.nested.deep ?? "deep default");
console.log((a ?? 1) + (b ?? 2));
console.log((null || undefined) ?? "mixed with parens");
function withDefault(x?: number | null) {
  return x ?? -1;
}
console.log(withDefault(), withDefault(null), withDefault(0), withDefault(5));
