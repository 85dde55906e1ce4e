// Rest parameters
function sum(...nums: number[]) {
  let t = 0;
  for (const n of nums) t += n;
  return t;
}
console.log(sum(), sum(1), sum(1, 2, 3, 4));
function headTail(head: string, ...tail: string[]) {
  return head + ":" + tail.join(",") + ":" + tail.length;
}
console.log(headTail("a"));
console.log(headTail("a", "b", "c"));
function isArray(...args: unknown[]) {
  return Array.isArray(args);
}
console.log(isArray(1, 2));
const restArrow = (first: number, ...others: number[]) => others.map((o) => o - first);
console.log(restArrow(10, 11, 12, 15));
function restLength(a: number, b: number, ...c: number[]) {
  return c;
}
console.log(restLength.length);
console.log(restLength(1, 2));
function collect(...items: (string | number)[]) {
  items.push("extra");
  return items;
}
console.log(collect(1, "two"));
function max(...values: number[]) {
  return values.length === 0 ? -Infinity : values.reduce((a, b) => (a > b ? a : b));
}
console.log(max(3, 9, 2), max());
