// Deep nesting in the runtime's own recursions (conversion, join, flat, JSON.stringify,
// structuredClone) ends in a catchable RangeError, as in Node, never a native stack overflow.
function t(name: string, f: () => unknown) {
  try {
    const r = f();
    console.log(name, "ok", typeof r === "string" ? r.length : r);
  } catch (e: any) {
    console.log(name, e instanceof RangeError, e.message);
  }
}
function deepArray(n: number): any[] {
  let a: any[] = [];
  for (let i = 0; i < n; i++) a = [a];
  return a;
}
const a = deepArray(100000);
t("String", () => String(a));
t("join", () => a.join());
t("plus", () => a + "");
t("template", () => `${a}`);
t("toLocaleString", () => a.toLocaleString());
t("flat", () => a.flat(Infinity).length);
t("JSON.stringify array", () => JSON.stringify(a));
let o: any = {};
for (let i = 0; i < 100000; i++) o = { o };
t("JSON.stringify object", () => JSON.stringify(o));
t("structuredClone object", () => structuredClone(o));
let m: any = new Map();
for (let i = 0; i < 100000; i++) {
  const n = new Map();
  n.set(1, m);
  m = n;
}
t("structuredClone map", () => structuredClone(m));
// After each overflow the program goes on normally.
t("shallow", () => String(deepArray(3)) + JSON.stringify(deepArray(3)) + structuredClone(deepArray(2)).length);
// A deep chain of objects printed by console.log stops at its depth.
console.log(o);
