// Mixed nesting of arrays, objects, maps, sets and class instances
class Node2 {
  constructor(public id: number, public kids: Node2[] = []) {}
}
console.log(new Node2(1, [new Node2(2, [new Node2(3, [new Node2(4)])])]));
console.log({ list: [{ a: [{ b: 1 }] }] });
console.log([new Map([["k", [1, { x: 2 }]]])]);
console.log({ s: new Set([[1, [2, [3]]]]) });
console.log([[1, [2, [3, [4]]]], { a: { b: { c: { d: {} } } } }]);
console.log({ matrix: [[1, 2, 3], [4, 5, 6], [7, 8, 9]] });
console.log([{ name: "a", tags: ["x", "y"], meta: { created: 1, flags: [true] } }]);
console.log(new Map([[{ key: [1] }, new Set([{ v: 1 }])]]));
console.log({ fn: function inner() {}, cls: class Local {}, arrow: () => {}, sym: Symbol("s") });
console.log([undefined, null, NaN, -0, 0, "", [], {}]);
console.log([[], [[]], [[[]]], [[[[]]]]]);
console.log({ a: [1, { b: [2, { c: [3] }] }] });
