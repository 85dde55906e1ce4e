// Integer-indexed exotic objects: canonical numeric string keys, bounds,
// property descriptors, own keys, `in`, delete.
const a = new Int16Array([10, 20, 30]);
(a as any).foo = "bar";
console.log(Object.keys(a).join(), Object.getOwnPropertyNames(a).join(), JSON.stringify(a));
console.log(0 in a, 2 in a, 3 in a, "-0" in a, "1.5" in a, "foo" in a, "1" in a, "01" in a);
(a as any)["-0"] = 5;
(a as any)["1.5"] = 5;
(a as any)[3] = 5;
(a as any)[-1] = 5;
(a as any)["01"] = 5;
console.log(a.join(), (a as any)["-0"], (a as any)["1.5"], (a as any)[3], (a as any)["01"], Object.keys(a).join());
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(a, 1)), Object.getOwnPropertyDescriptor(a, 5), Object.getOwnPropertyDescriptor(a, "-0"));
console.log(Reflect.defineProperty(a, "0", { value: 7 }), a[0], Reflect.defineProperty(a, "5", { value: 1 }), Reflect.defineProperty(a, "0", { value: 1, configurable: false }));
console.log(Reflect.defineProperty(a, "0", { get() { return 1; } }), Reflect.defineProperty(a, "0", { value: 8, writable: true, enumerable: true, configurable: true }), a[0]);
try {
  Object.defineProperty(a, 9, { value: 1 });
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
console.log(Reflect.deleteProperty(a, "0"), Reflect.deleteProperty(a, "7"), Reflect.deleteProperty(a, "-0"), Reflect.deleteProperty(a, "foo"));
try {
  delete (a as any)[0];
} catch (e) {
  console.log((e as Error).constructor.name);
}
console.log(Reflect.ownKeys(a).map(String).join(), Reflect.has(a, 1), Reflect.get(a, 1), Reflect.set(a, 1, 99), a[1], Reflect.set(a, 10, 1));
// Numeric keys never reach the prototype.
(Int16Array.prototype as any)[5] = "proto";
(Object.prototype as any)["-0"] = "op";
console.log((a as any)[5], (a as any)["-0"], 5 in a);
delete (Int16Array.prototype as any)[5];
delete (Object.prototype as any)["-0"];
// Freezing and sealing.
try {
  Object.freeze(new Uint8Array(1));
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
console.log(Object.isFrozen(Object.freeze(new Uint8Array(0))), Object.isExtensible(Object.preventExtensions(new Uint8Array(1))));
// for-in and spread.
const keys: string[] = [];
for (const k in new Float32Array(3)) keys.push(k);
console.log(keys.join(), [...new Float32Array([0.5, 1.5])].join(), Array.from(new Uint8Array([1, 2]), (x) => x * 3).join());
console.log(Array.prototype.map.call(new Int8Array([1, -1]), (x: number) => x * 2).join(), Array.prototype.slice.call(new Uint16Array([1, 2, 3]), 1).join());
const [p, q, ...rest] = new Int32Array([1, 2, 3, 4]);
console.log(p, q, rest.join(), Math.max(...new Uint8Array([3, 9, 2])));
