// Function declarations are hoisted with their bodies
console.log(square(5));
function square(n: number) {
  return n * n;
}
console.log(isEven(10), isOdd(7));
function isEven(n: number): boolean {
  return n === 0 ? true : isOdd(n - 1);
}
function isOdd(n: number): boolean {
  return n === 0 ? false : isEven(n - 1);
}
function outer() {
  return inner() + 1;
  function inner() {
    return 41;
  }
}
console.log(outer());
function shadow() {
  const r1 = typeof helper;
  function helper() { return "declared"; }
  return r1 + " " + helper();
}
console.log(shadow());
try {
  notHoisted();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
var notHoisted = function () { return "expr"; };
console.log(notHoisted());
console.log(typeof later);
function later() {}
