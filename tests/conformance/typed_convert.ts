// Element conversion for every element type: ToInt8 ... ToUint8Clamp,
// Float32 rounding, little-endian storage.
const ctors = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
const values: any[] = [0, -0, 1, -1, 1.5, 2.5, -1.5, 127, 128, 255, 256, 257, -128, -129, 32767, 32768, 65535, 65536, 2147483647, 2147483648, 4294967295, 4294967296, -2147483649, 1e20, -1e20, 0.1, 1 / 3, 3.4e38, 3.5e38, 1e-46, NaN, Infinity, -Infinity, "12", "0x10", "", " 7 ", "abc", true, false, null, undefined, [5], {}, { valueOf: () => 42 }];
for (const C of ctors) {
  const a = new C(values.length);
  for (let i = 0; i < values.length; i++) a[i] = values[i];
  console.log(C.name, Array.from(a).map((x) => (Object.is(x, -0) ? "-0" : String(x))).join(" "));
  console.log(C.name, "bytes", Array.from(new Uint8Array(a.buffer, 0, 4 * C.BYTES_PER_ELEMENT)).join(" "));
}
// Storage is little-endian, shared between views of one buffer.
const buf = new ArrayBuffer(8);
const u32 = new Uint32Array(buf);
u32[0] = 0x01020304;
console.log(Array.from(new Uint8Array(buf)).join(), new Uint16Array(buf)[0].toString(16), new Int8Array(buf, 3, 1)[0]);
const f64 = new Float64Array(buf);
f64[0] = -0.5;
console.log(Array.from(new Uint8Array(buf)).join(), new Float32Array(buf)[1]);
// NaN payloads read back as NaN.
new Uint32Array(buf).set([0xffffffff, 0xffffffff]);
console.log(f64[0], new Float32Array(buf)[0]);
// Conversions that throw, and their order.
const log: string[] = [];
const i8 = new Int8Array(2);
try {
  i8[0] = { valueOf() { log.push("valueOf"); throw new Error("boom"); } } as any;
} catch (e) {
  log.push((e as Error).message);
}
try {
  i8[0] = Symbol() as any;
} catch (e) {
  log.push((e as Error).constructor.name);
}
// Out-of-range index: the value is still converted.
i8[5] = { valueOf() { log.push("converted"); return 1; } } as any;
console.log(log.join(), i8.join());
