// Typed array construction for every element type: from a length, an
// array-like, an iterable, a buffer with offset and length, another typed
// array; BYTES_PER_ELEMENT; the constructor and prototype chains; errors.
const ctors = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
const TypedArray = Object.getPrototypeOf(Int8Array);

function err(f: () => unknown): string {
  try {
    return "no error: " + String(f());
  } catch (e) {
    return (e as Error).constructor.name + ": " + (e as Error).message;
  }
}

console.log(TypedArray.name, TypedArray.length, typeof TypedArray.from, typeof TypedArray.of);
console.log(err(() => new (TypedArray as any)()));
for (const C of ctors) {
  const a = new C(3);
  console.log(C.name, C.length, C.BYTES_PER_ELEMENT, C.prototype.BYTES_PER_ELEMENT, a.length, a.byteLength, a.byteOffset);
  console.log(Object.getPrototypeOf(C) === TypedArray, Object.getPrototypeOf(C.prototype) === TypedArray.prototype, a.constructor === C);
  console.log(new C([1, 2, 3]).join(), new C({ length: 2, 0: 7, 1: "8" }).join(), new C(new Set([4, 5])).join());
  function* gen() {
    yield 9;
    yield 10;
  }
  console.log(new C(gen()).join(), new C(new Int16Array([-1, 300])).join(), new C(new Float64Array([1.5, -2.5])).join());
  const buf = new ArrayBuffer(16);
  const v = new C(buf, C.BYTES_PER_ELEMENT, 1);
  console.log(v.length, v.byteOffset, v.byteLength, v.buffer === buf, new C(buf).length, new C(buf, 8).length);
  console.log(err(() => C(2 as any)));
  console.log(err(() => new C(-1)));
  console.log(err(() => new C(buf, 3)));
  console.log(err(() => new C(buf, 0, 100)));
  console.log(err(() => new C(buf, 24)));
  console.log(Object.prototype.toString.call(a), (a as any)[Symbol.toStringTag]);
}
console.log(err(() => new Int16Array(new ArrayBuffer(3))));
console.log(new Uint8Array().length, new Float64Array(undefined as any).length, new Int8Array(null as any).length);
console.log(new Int8Array("3" as any).length, err(() => new Int8Array(2 ** 53)));

// Subclasses.
class Bytes extends Uint8Array {
  sum() {
    return this.reduce((a, b) => a + b, 0);
  }
}
const s = new Bytes([1, 2, 3]);
console.log(s.sum(), s instanceof Uint8Array, s instanceof Bytes, s.constructor.name);
console.log(s.map((x) => x * 2) instanceof Bytes, s.slice(1) instanceof Bytes, s.subarray(1) instanceof Bytes, s.filter(() => true) instanceof Bytes);
console.log(Bytes.from([4, 5]).sum(), Bytes.of(6, 7).sum(), Bytes.BYTES_PER_ELEMENT);

// from and of.
console.log(Int16Array.from([1, 2, 3], (x, i) => x * 10 + i).join());
console.log(Float32Array.from({ length: 3 }, (_, i) => i / 2).join());
console.log(Uint8Array.from("123").join(), Int32Array.of(1, -2, 3.7).join());
console.log(err(() => Int8Array.from.call({}, [])));
console.log(err(() => Int8Array.from([1], 5 as any)));
// ArrayBuffer.isView and the buffer of a view.
console.log(ArrayBuffer.isView(new Int8Array(1)), ArrayBuffer.isView(new DataView(new ArrayBuffer(1))), ArrayBuffer.isView([]), ArrayBuffer.isView(new ArrayBuffer(1)));
const t = new Int32Array([1, 2]);
console.log(t.buffer.byteLength, t.buffer === t.buffer, new Uint8Array(t.buffer).join());
