// atob/btoa (forgiving base64 and Node 20's errors) and performance's marks and measures.

for (const s of ["", "f", "fo", "foo", "foob", "fooba", "foobar", "\u00ff\u00fe", "hello world"]) {
  const b = btoa(s);
  console.log(JSON.stringify(s), b, atob(b) === s);
}
for (const s of [" aGVs bG8= ", "aGVsbG8", "Zg", "Zg=", "Zg==", "\taGk=\n", "YQ", null as any, 12 as any]) {
  try {
    console.log(JSON.stringify(s), JSON.stringify(atob(s)));
  } catch (e: any) {
    console.log(JSON.stringify(s), e.name, e.message);
  }
}
for (const s of ["*", "Zg===", "Z", "aGVsbG8=a", "ab=c", "\u0100"]) {
  try {
    console.log(JSON.stringify(atob(s)));
  } catch (e: any) {
    console.log(JSON.stringify(s), e.name, e.code, e.message);
  }
}
try {
  btoa("\u0100");
} catch (e: any) {
  console.log(e.name, e.message, e instanceof DOMException);
}
try {
  (atob as any)();
} catch (e: any) {
  console.log(e.name, e.code, e.message);
}
console.log(btoa(null as any), btoa(undefined as any), btoa(true as any));

// performance
const t0 = performance.now();
let x = 0;
for (let i = 0; i < 100000; i++) x += i;
const t1 = performance.now();
console.log(typeof t0, t1 >= t0, t0 >= 0, t0 < 60_000, x);
console.log(Math.abs(performance.timeOrigin + performance.now() - Date.now()) < 1000);
const m1 = performance.mark("start", { startTime: 20, detail: { step: 1 } });
const now = performance.mark("now");
console.log(now.startTime > 0, now.startTime <= performance.now(), now.detail);
console.log(m1.name, m1.entryType, m1.duration, m1.detail, m1 instanceof PerformanceEntry, Object.prototype.toString.call(m1));
const m2 = performance.mark("fixed", { startTime: 5 });
console.log(m2.startTime, m2.detail);
const me = performance.measure("span", "fixed", "start");
console.log(me.name, me.entryType, me.startTime, me.duration === m1.startTime - 5, me.detail);
const me2 = performance.measure("opts", { start: 1, duration: 2, detail: "d" });
console.log(me2.startTime, me2.duration, me2.detail);
const me3 = performance.measure("fromStart");
console.log(me3.startTime, me3.duration > 0);
performance.clearMarks("now");
console.log(performance.getEntries().map((e) => `${e.entryType}:${e.name}`).join(" "));
console.log(performance.getEntriesByType("mark").length, performance.getEntriesByName("span").length, performance.getEntriesByName("span", "mark").length);
performance.clearMarks("fixed");
console.log(performance.getEntriesByType("mark").map((e) => e.name).join());
performance.clearMeasures();
console.log(performance.getEntries().length);
try {
  performance.measure("bad", "nope");
} catch (e: any) {
  console.log(e.name, e.code, e.message);
}
console.log(JSON.stringify(m2.toJSON()), Object.prototype.toString.call(performance));
