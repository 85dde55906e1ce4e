// Array.isArray and Array.from with array-likes, iterables and a map function
console.log(Array.isArray([]), Array.isArray([1]), Array.isArray({}), Array.isArray("abc"));
console.log(Array.isArray(null), Array.isArray(undefined), Array.isArray({ length: 0 }), Array.isArray(new Array(2)));
console.log(Array.from("héllo"), Array.from("a😀b"));
console.log(Array.from([1, 2, 3], (x) => x * 2));
console.log(Array.from({ length: 3 }), Array.from({ length: 4 }, (_, i) => i * i));
console.log(Array.from({ length: 2, 0: "a", 1: "b" }), Array.from({ length: 3, 1: "only one" }));
console.log(Array.from(new Set([3, 1, 3, 2])), Array.from(new Map([["k", 1], ["j", 2]])));
console.log(Array.from(new Map([["k", 1]]).keys()), Array.from(new Map([["k", 1]]).values()));
console.log(Array.from({ length: 0 }), Array.from([]), Array.from(""));
const original = [1, [2]];
const copy = Array.from(original);
console.log(copy, copy === original, copy[1] === original[1]);
function argsToArray() {
  return Array.from(arguments, (a: any) => typeof a);
}
console.log((argsToArray as any)(1, "s", null));
console.log(Array.from("abc", (ch, i) => ch + i));
console.log(Array.from({ length: 3 }, function (this: any, _, i) { return this.base + i; }, { base: 10 }));
const iterable = {
  [Symbol.iterator]() {
    let i = 0;
    return { next: () => (i < 3 ? { value: "v" + i++, done: false } : { value: undefined, done: true }) };
  },
};
console.log(Array.from(iterable as Iterable<string>));
