// ReferenceErrors: undefined variables and TDZ
function report(label: string, fn: () => unknown) {
  try {
    console.log(label, "ok", fn());
  } catch (e: any) {
    console.log(label, e instanceof ReferenceError, e.name, e.message);
  }
}
declare const x: number;
declare const someUndefinedName: number;
report("undeclared", () => x);
report("undeclared call", () => (someUndefinedName as any)());
report("typeof undeclared", () => typeof x);
report("tdz let", () => {
  const r = later;
  let later = 1;
  return r;
});
report("tdz const in closure", () => {
  const read = () => c;
  const v = read();
  const c = 5;
  return v;
});
report("tdz class", () => {
  const inst = new Later();
  class Later {}
  return inst;
});
report("assign undeclared", () => {
  (globalThis as any).fine = 1;
  return (globalThis as any).fine;
});
report("tdz default param", () => {
  function f(a = b, b = 1) { return a + b; }
  return f();
});
report("default param ok", () => {
  function f(a = 1, b = a) { return a + b; }
  return f();
});
