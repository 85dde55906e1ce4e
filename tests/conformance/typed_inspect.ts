// console.log of typed arrays, ArrayBuffers and DataViews as Node prints them.
console.log(new Int8Array([1, -2, 3]));
console.log(new Uint8ClampedArray(0), new Float32Array([0.1, -0, NaN, Infinity]), new Float64Array([1e21, 1 / 3]));
console.log([new Int16Array(2), new Uint16Array([65535])], { u32: new Uint32Array([4294967295]), i32: new Int32Array([-1]) });
console.log(new Float64Array(120));
console.log(new ArrayBuffer(3), new ArrayBuffer(60));
console.log(new DataView(new ArrayBuffer(2)), new DataView(new ArrayBuffer(4), 1, 2));
const t = new Int16Array([1, 2]) as any;
t.extra = "x";
console.log(t, String(t), `${new Float32Array([1.5, 2])}`);
class Pixels extends Uint8ClampedArray {}
console.log(new Pixels(2));
console.log(new Int32Array(new ArrayBuffer(16), 4, 2));
