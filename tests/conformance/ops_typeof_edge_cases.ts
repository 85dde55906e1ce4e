// typeof on unusual operands: undeclared names, TDZ, classes, built-ins and expressions
declare const neverDeclared: unknown;
console.log(typeof neverDeclared);
console.log(typeof (globalThis as any).alsoNotThere);
class K {}
console.log(typeof K, typeof new K(), typeof K.prototype);
console.log(typeof Symbol, typeof Symbol(), typeof Symbol.iterator);
console.log(typeof JSON.parse, typeof JSON, typeof Math.PI, typeof NaN);
console.log(typeof [], typeof {}, typeof null, typeof (() => {}), typeof class {});
console.log(typeof (1 + "1"), typeof (1 - ("1" as any)), typeof !!1, typeof void 0);
console.log(typeof typeof undefined, typeof new Map().get("x"), typeof [1, 2].at(5));
const values = [0, "", false, null, undefined, [], {}, () => 0];
const counts: Record<string, number> = {};
for (const v of values) counts[typeof v] = (counts[typeof v] ?? 0) + 1;
console.log(counts);
function kind(x: unknown) {
  if (x === null) return "null";
  if (Array.isArray(x)) return "array";
  return typeof x;
}
console.log([null, [], {}, 1, "s", undefined, Symbol()].map(kind).join(" "));
