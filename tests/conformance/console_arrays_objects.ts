// Arrays of objects, objects of arrays, empty containers
console.log([]);
console.log({});
console.log([[]], [{}], { a: [] }, { a: {} });
console.log([{ a: 1 }, { b: 2 }]);
console.log([{ id: 1, name: "ann" }, { id: 2, name: "bob" }]);
console.log({ arr: [1, 2, 3], obj: { x: 1 } });
console.log([1, "two", true, null, undefined, { three: 3 }, [4]]);
console.log([null, undefined]);
console.log({ u: undefined, n: null, b: false, z: 0, e: "" });
console.log([[1, 2], [3, 4]]);
console.log([{}, [], {}]);
console.log({ fn() {}, arrow: () => {} });
console.log([function named() {}, () => {}]);
console.log({ nested: [{ deep: [1] }] });
