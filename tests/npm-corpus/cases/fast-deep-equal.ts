import equal from "fast-deep-equal";
import equalEs6 from "fast-deep-equal/es6/index.js";
console.log(equal({ foo: "bar", n: [1, { a: 2 }] }, { foo: "bar", n: [1, { a: 2 }] }), equal({ a: 1 }, { a: 2 }), equal(/a/g, /a/g), equal(new Date(1), new Date(1)));
console.log(equalEs6(new Map([[1, { a: 1 }]]), new Map([[1, { a: 1 }]])), equalEs6(new Set([1]), new Set([2])), equalEs6(new Uint8Array([1, 2]), new Uint8Array([1, 2])));
