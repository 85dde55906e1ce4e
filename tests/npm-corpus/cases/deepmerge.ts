import deepmerge from "deepmerge";
const x = { foo: { bar: 3 }, array: [{ does: "work", too: [1, 2, 3] }] };
const y = { foo: { baz: 4 }, quux: 5, array: [{ does: "work", too: [4, 5, 6] }, { really: "yes" }] };
console.log(JSON.stringify(deepmerge(x, y)));
console.log(JSON.stringify(deepmerge(x, y, { arrayMerge: (_d, s) => s })), JSON.stringify(deepmerge.all([{ a: 1 }, { b: 2 }, { a: 3 }])));
