// typeof on every kind of value
const values: unknown[] = [
  0, -0, 1.5, NaN, Infinity, -Infinity,
  "", "hello",
  true, false,
  null, undefined,
  {}, [], [1, 2],
  function f() {}, () => 1, class A {},
  Symbol(), Symbol("s"),
];
for (const v of values) {
  console.log(typeof v);
}
console.log(typeof typeof 1);
console.log(typeof Math, typeof JSON, typeof console.log);
console.log(typeof Object, typeof Array, typeof Map, typeof Symbol);
console.log(typeof new Map(), typeof new Set(), typeof new Error("x"));
console.log(typeof undeclaredVariable === "undefined");
declare const undeclaredVariable: any;
let notAssigned;
console.log(typeof notAssigned);
console.log(typeof String(1), typeof Number("2"), typeof Boolean(0));
