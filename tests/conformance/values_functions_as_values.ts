// Functions are values: stored, passed, compared
function add(a: number, b: number) { return a + b; }
const sub = function (a: number, b: number) { return a - b; };
const mul = (a: number, b: number) => a * b;
const ops: Record<string, (a: number, b: number) => number> = { add, sub, mul };
for (const k of Object.keys(ops)) {
  console.log(k, ops[k](6, 3));
}
console.log(typeof add, typeof sub, typeof mul);
console.log(add.name, sub.name, mul.name);
console.log(add.length, mul.length);
const alias = add;
console.log(alias === add, alias(1, 2));
const list = [add, sub, mul];
console.log(list.map((fn) => fn(10, 2)));
const fnObj: any = add;
fnObj.custom = "prop";
console.log(fnObj.custom, (add as any).custom);
console.log((function () { return "iife"; })());
