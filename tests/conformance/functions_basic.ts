// Function declarations, expressions, return values
function add(a: number, b: number): number {
  return a + b;
}
const sub = function (a: number, b: number) {
  return a - b;
};
const named = function fact(n: number): number {
  return n <= 1 ? 1 : n * fact(n - 1);
};
console.log(add(2, 3), sub(2, 3), named(5));
function noReturn(x: number) {
  x + 1;
}
console.log(noReturn(1));
function earlyReturn(n: number) {
  if (n < 0) return "negative";
  if (n === 0) return "zero";
  return "positive";
}
console.log(earlyReturn(-5), earlyReturn(0), earlyReturn(5));
function extraArgs(a: number) {
  return a;
}
console.log((extraArgs as any)(1, 2, 3));
function missingArgs(a: number, b?: number) {
  return [a, b];
}
console.log(missingArgs(1));
function returnsFunction() {
  return function () {
    return "inner";
  };
}
console.log(returnsFunction()());
function returnsObject() {
  return { a: 1, b: [2, 3] };
}
console.log(returnsObject().b[1]);
console.log(add.length, sub.length, named.name, returnsObject.name);
function multipleReturnTypes(flag: boolean): number | string {
  return flag ? 1 : "one";
}
console.log(multipleReturnTypes(true), multipleReturnTypes(false));
