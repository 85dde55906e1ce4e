import stringify from "fast-json-stable-stringify";
console.log(stringify({ b: 1, a: [2, { d: 1, c: 2 }] }), stringify({ z: undefined, y: null, x: "s" }), stringify({ a: 3, b: 1 }, { cmp: (a: any, b: any) => (a.value < b.value ? -1 : 1) }));
