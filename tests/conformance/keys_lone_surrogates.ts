// Property keys written as string literals with lone surrogates (no UTF-8
// form) name the same keys as in Node: object literals, class fields and
// methods, static members, destructuring and `in`.
const o = { "\ud800": 1, "a\udc00b": 2, plain: 3 };
console.log(JSON.stringify(Object.keys(o)), Object.keys(o).map((k) => k.length).join(","), o["\ud800"], (o as any)["a\udc00b"]);
class K {
  "\ud801" = 5;
  "x\udfff"() {
    return 7;
  }
  static "\ud802s" = 9;
}
const k = new K();
console.log(JSON.stringify(Object.keys(k)), (k as any)["\ud801"], (k as any)["x\udfff"](), (K as any)["\ud802s"]);
const { "\ud800": got, ...rest } = o;
console.log(got, JSON.stringify(rest));
const lit = { "\ud83d": "half" };
console.log(JSON.stringify(lit), "\ud83d" in lit, "\ud83d\ude00" in lit);
