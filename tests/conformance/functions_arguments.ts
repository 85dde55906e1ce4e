// The arguments object
function countArgs(..._: unknown[]) {
  return arguments.length;
}
console.log(countArgs(), countArgs(1), countArgs(1, "a", null, undefined));
function first(a?: unknown) {
  return arguments[0];
}
console.log(first("x"), first());
function sumAll() {
  let total = 0;
  for (let i = 0; i < arguments.length; i++) {
    total += arguments[i];
  }
  return total;
}
console.log((sumAll as any)(1, 2, 3, 4));
function outOfRange() {
  return arguments[5];
}
console.log((outOfRange as any)(1));
function toArray() {
  return Array.from(arguments);
}
console.log((toArray as any)(3, 2, 1));
function isArr() {
  return [Array.isArray(arguments), typeof arguments];
}
console.log(isArr());
function fewerThanDeclared(a: number, b: number, c: number) {
  return arguments.length + ":" + [a, b, c].join(",");
}
console.log((fewerThanDeclared as any)(1));
function spreadArgs() {
  return [...arguments].reverse();
}
console.log((spreadArgs as any)("a", "b", "c"));
function outerArgs(..._: unknown[]) {
  const arrow = () => arguments[0];
  return arrow();
}
console.log(outerArgs("from outer"));
