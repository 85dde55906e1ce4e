// Objects nested deeper than 2 levels print [Object] / [Array]
console.log({ a: { b: { c: { d: 1 } } } });
console.log({ a: { b: { c: 1 } } });
console.log({ l1: { l2: { l3: { l4: { l5: 1 } } } } });
console.log([[[["deep"]]]]);
console.log([[["three"]]]);
console.log({ arr: [[[1, 2]]] });
console.log([{ a: { b: { c: 1 } } }]);
console.log({ a: { b: { empty: {}, emptyArr: [] } } });
console.log({ a: { b: { c: {} } } });
console.log({ a: { b: { c: [] } } });
console.log({ x: 1, nested: { y: 2, deeper: { z: 3, deepest: { w: 4 } } } });
const m = new Map([["k", { inner: { deep: { deeper: 1 } } }]]);
console.log(m);
console.log([1, [2, [3, [4, [5]]]]]);
