// TypeErrors thrown by the runtime for common mistakes
// only messages with a stable, well-known wording are printed
function report(label: string, fn: () => unknown, showMessage = true) {
  try {
    fn();
    console.log(label, "no error");
  } catch (e: any) {
    if (showMessage) console.log(label, e instanceof TypeError, e.name, e.message);
    else console.log(label, e instanceof TypeError, e.name);
  }
}
const u: any = undefined;
const n: any = null;
const obj: any = { inner: undefined, fnProp: 5 };
report("read undefined", () => u.x);
report("read null", () => n.x);
report("read nested", () => obj.inner.x);
report("set undefined", () => { u.x = 1; });
report("set null", () => { n.x = 1; });
report("call number", () => { const x: any = 5; x(); });
report("call prop", () => obj.fnProp());
report("call missing method", () => obj.missing());
report("call undefined var", () => { const x: any = undefined; x(); });
report("read ok", () => obj.inner);
report("optional ok", () => u?.x);
report("index undefined", () => u[0]);
report("read length of null", () => n.length);
report("new non-constructor", () => { const f: any = () => 1; new f(); }, false);
report("spread non-iterable", () => { const x: any = 5; return [...x]; }, false);
report("destructure non-iterable", () => { const [a] = {} as any; return a; }, false);
report("symbol to number", () => +(Symbol("s") as any), false);
