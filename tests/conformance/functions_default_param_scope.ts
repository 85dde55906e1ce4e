// Default parameter expressions: scope, earlier parameters, closures and this
let outer = "outer";
function usesOuter(a = outer) {
  return a;
}
console.log(usesOuter());
outer = "changed";
console.log(usesOuter());
function paramsScope(a: number, getA = () => a) {
  a = 99;
  return getA();
}
console.log(paramsScope(1));
function bodyVarShadow(x = 1, getX = () => x) {
  let y = x;
  x = 2;
  return [y, getX()];
}
console.log(bodyVarShadow());
const obj = {
  base: 10,
  add(n: number, b = this.base) {
    return n + b;
  },
};
console.log(obj.add(1), obj.add(1, 0));
function defaultsFromFunctions(a = [1, 2].map((x) => x * 2), b = a.length) {
  return { a, b };
}
console.log(defaultsFromFunctions());
function undefinedVsNull(a = "default") {
  return a;
}
console.log(undefinedVsNull(undefined), undefinedVsNull(null as any), undefinedVsNull(void 0));
let counter = 0;
function fresh(list: number[] = [], id = ++counter) {
  list.push(id);
  return list;
}
console.log(fresh(), fresh(), fresh([0]), counter);
function arrowDefaults() {
  const inner = (x = arguments.length) => x;
  return inner();
}
console.log((arrowDefaults as any)(1, 2, 3));
