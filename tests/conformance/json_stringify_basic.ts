// JSON.stringify of primitives, arrays, objects and nesting
console.log(JSON.stringify(1), JSON.stringify("s"), JSON.stringify(true), JSON.stringify(null));
console.log(JSON.stringify(undefined), JSON.stringify(() => 1), JSON.stringify(Symbol("x")));
console.log(JSON.stringify(NaN), JSON.stringify(-Infinity), JSON.stringify(-0), JSON.stringify(1e21));
console.log(JSON.stringify([1, "a", null, true]));
console.log(JSON.stringify({ a: 1, b: "two", c: [3], d: { e: null } }));
console.log(JSON.stringify([undefined, () => 1, Symbol("s"), NaN]));
console.log(JSON.stringify({ u: undefined, f() {}, s: Symbol("s"), n: NaN, keep: 1 }));
console.log(JSON.stringify({ [Symbol("k")]: 1, normal: 2 }));
console.log(JSON.stringify("quote\" backslash\\ newline\n tab\t ctrl\u0001 unicode é 😀"));
console.log(JSON.stringify({ "key with \"quotes\"": 1 }));
console.log(JSON.stringify([]), JSON.stringify({}), JSON.stringify([[]]), JSON.stringify([{}]));
console.log(JSON.stringify({ 2: "b", 1: "a", z: 1, y: 2 }));
console.log(JSON.stringify(new Map([["a", 1]])), JSON.stringify(new Set([1])));
class P { x = 1; #hidden = 2; method() {} get g() { return 3; } }
console.log(JSON.stringify(new P()));
console.log(JSON.stringify({ nested: { deep: { deeper: { deepest: [1, { x: [2] }] } } } }));
console.log(JSON.stringify(new Error("e")), JSON.stringify(Object.create({ inherited: 1 })));
