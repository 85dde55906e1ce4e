// Map and Set formatting
console.log(new Map());
console.log(new Set());
console.log(new Map([["a", 1], ["b", 2]]));
console.log(new Set([1, "two", null]));
console.log(new Map<any, any>([[1, { x: 1 }], [{ k: 1 }, [1, 2]]]));
console.log(new Set([[1, 2], { a: 1 }]));
console.log({ m: new Map([["k", "v"]]), s: new Set([1]) });
console.log([new Map([[1, 2]]), new Set(["x"])]);
console.log(new Map([["nested", new Map([["inner", new Set([1])]])]]));
const m = new Map<string, number>();
for (let i = 0; i < 5; i++) m.set("key" + i, i * i);
console.log(m);
console.log(new Set("hello"));
const big = new Map<string, string>();
for (let i = 0; i < 4; i++) big.set("a fairly long key " + i, "a fairly long value " + i);
console.log(big);
console.log(new Set([undefined, NaN, -0, 0]));
