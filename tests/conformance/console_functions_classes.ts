// Functions and classes in console.log
function named() {}
const arrow = () => {};
const anon = [function () {}][0];
class A {}
class B extends A {}
const AnonClass = [class {}][0];
console.log(named);
console.log(arrow);
console.log(anon);
console.log(A);
console.log(B);
console.log(AnonClass);
console.log([named, arrow, anon, A]);
console.log({ f: named, g: arrow, C: A });
console.log({ method() {}, get getter() { return 1; } });
const assigned = function () {};
console.log(assigned);
console.log(Math.max);
console.log(console.log.name);
const bound = named.bind(null);
console.log(bound);
console.log(typeof named, typeof A);
