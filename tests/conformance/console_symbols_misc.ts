// Symbols, booleans, null and undefined in console output
console.log(Symbol("desc"), Symbol(), Symbol.iterator);
console.log([Symbol("a")], { s: Symbol("b") });
const key = Symbol("key");
console.log({ [key]: "symbol keyed", normal: 1 });
console.log(true, false, null, undefined);
console.log([true, false, null, undefined]);
console.log({ t: true, f: false, n: null, u: undefined });
console.log(undefined);
console.log(null);
console.log();
console.log("after empty line");
console.log(1, "1", [1], ["1"]);
console.log("a", 1, true, null, undefined, [], {});
console.log(Symbol("with space"), Symbol("quote'd"), [Symbol("")]);
console.log({ [Symbol.iterator]: 1, [Symbol("x")]: [2] });
