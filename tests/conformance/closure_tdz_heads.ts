// Closures created where a binding exists but is still in its TDZ: the
// head expression of for-in/for-of (the loop's let bindings) and a class's
// heritage (the class's inner name). Calling them must throw a
// ReferenceError or see the initialized binding, never crash.
let x = "outside";
let probeDecl: any, probeExpr: any, probeBody: any;
for (let [x, _ = (probeDecl = function () { return x; })] in { i: (probeExpr = function () { return typeof x; }) })
  probeBody = function () { return x; };
try {
  probeExpr();
  console.log("no throw");
} catch (e: any) {
  console.log("for-in head:", e.constructor.name);
}
console.log(probeDecl(), probeBody(), x);

let probeOf: any;
for (const y of [(probeOf = () => y), 2]) console.log("of body", typeof y);
try {
  probeOf();
} catch (e: any) {
  console.log("for-of head:", e.constructor.name);
}

async function main() {
  let probeAwait: any;
  for await (const z of [(probeAwait = () => z)]) console.log("await body", typeof z);
  try {
    probeAwait();
  } catch (e: any) {
    console.log("for-await head:", e.constructor.name);
  }
}

let probeHeritage: any, probeEarly: any;
const cls = class C extends ((probeEarly = () => C), (probeHeritage = function () { return C; }), Object) {
  method() { return C; }
};
console.log("heritage sees the class:", probeHeritage() === cls, probeEarly() === cls, new cls().method() === cls);
class D extends (probeHeritage = () => D, Object) {}
console.log("declaration heritage:", probeHeritage() === D);
main();
