// Assignment to const and other TypeErrors from writes
// only messages with a stable, well-known wording are printed
function report(label: string, fn: () => unknown, showMessage = true) {
  try {
    console.log(label, "ok", fn());
  } catch (e: any) {
    if (showMessage) console.log(label, e instanceof TypeError, e.name, e.message);
    else console.log(label, e instanceof TypeError, e.name);
  }
}
const k = 1;
report("const =", () => { (k as any) = 2; });
report("const +=", () => { (k as any) += 2; });
report("const ++", () => { (k as any)++; });
report("const destructure", () => { [(k as any)] = [5]; });
report("const value unchanged", () => k);
report("frozen write", () => { const f: any = Object.freeze({ a: 1 }); f.a = 2; }, false);
report("frozen add", () => { const f: any = Object.freeze([]); f.push(1); }, false);
report("string index write", () => { const s: any = "abc"; s[0] = "z"; }, false);
report("primitive prop write", () => { const n: any = 5; n.prop = 1; }, false);
report("getter only", () => { const o: any = { get v() { return 1; } }; o.v = 2; }, false);
report("let reassign ok", () => { let l = 1; l = 2; return l; });
report("const in loop", () => {
  const seen: number[] = [];
  for (const i of [1, 2, 3]) seen.push(i);
  return seen.join(",");
});
