// Module-level bindings and globalThis
let counter = 0;
function bump() {
  counter++;
  return counter;
}
bump(); bump();
console.log(counter);
console.log(typeof globalThis);
console.log(typeof globalThis.console);
console.log(globalThis.Math === Math);
(globalThis as any).myGlobal = 123;
console.log((globalThis as any).myGlobal);
declare const myGlobal: number;
console.log(myGlobal);
const nested = { count: counter };
counter = 100;
console.log(nested.count, counter);
let a = 1, b = 2, c = a + b;
console.log(a, b, c);
var d = 4, e;
console.log(d, e);
