// A named function expression's own name, captured by closures in its
// default parameters and body: bound before the parameters, immutable.
let probeParams: any, probeBody: any, setParams: any;
const func = function f(this: any, _ = ((probeParams = () => f), (setParams = () => { (f as any) = null; }))) {
  probeBody = () => f;
};
(func as any)();
console.log(probeParams() === func, probeBody() === func);
try {
  setParams();
} catch (e: any) {
  console.log(e.constructor.name);
}
console.log(probeParams() === func);
const gen = function* g(a = () => g) {
  yield a() === g;
};
console.log(gen().next().value);
