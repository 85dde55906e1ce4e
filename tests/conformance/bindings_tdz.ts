// Temporal dead zone for let/const/class
function tryIt(label: string, fn: () => unknown) {
  try {
    console.log(label, "ok", fn());
  } catch (e: any) {
    console.log(label, e instanceof ReferenceError, e.name, e.message);
  }
}
tryIt("let before", () => {
  const r = x;
  let x = 1;
  return r;
});
tryIt("const before", () => {
  const r = y;
  const y = 2;
  return r;
});
tryIt("class before", () => {
  const r = new K();
  class K {}
  return r;
});
tryIt("after", () => {
  let z = 3;
  return z;
});
tryIt("typeof in tdz", () => {
  const t = typeof w;
  let w = 1;
  return t;
});
tryIt("self init", () => {
  let q: number = (q as any) + 1;
  return q;
});
tryIt("closure called early", () => {
  const get = () => late;
  const r = get();
  let late = "late";
  return r;
});
tryIt("closure called later", () => {
  const get = () => late;
  let late = "late";
  return get();
});
