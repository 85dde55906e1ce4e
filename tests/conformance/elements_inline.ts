// Element reads and writes that compiled code does inline: arrays and
// Float64/Int32/Uint8 typed arrays, with every case that must leave the
// inline path (holes, frozen arrays, out-of-range and fractional indices,
// other element types, views outside a shrunk buffer, NaN payloads).
const f = new Float64Array(4);
const i32 = new Int32Array(4);
const u8 = new Uint8Array(4);
const u8c = new Uint8ClampedArray(4);
const i16 = new Int16Array(4);
const vals = [1.5, -2.75, 3e9, -3e9, 300, -1, NaN, Infinity, -0, 2 ** 53 + 2, "7" as any, { valueOf: () => 9 } as any];
const out: string[] = [];
for (const v of vals) {
  for (const t of [f, i32, u8, u8c, i16] as any[]) {
    t[1] = v;
    out.push(String(t[1]));
    t[1.5] = v;
    t[-1] = v;
    t[4] = v;
    out.push(String(t[1.5]) + String(t[-1]) + String(t[4]) + String(t["1"]));
  }
}
console.log(out.join(" "));
console.log(Object.is(f[1], -0) ? "no" : "ok", Object.keys(f).join());
// A NaN with a payload reads as NaN.
const dv = new DataView(f.buffer);
dv.setUint32(0, 0x7ff00001, false);
dv.setUint32(4, 0x00000001, false);
dv.setUint32(8, 0xfff80000, false);
dv.setUint32(12, 0xdeadbeef, false);
console.log(f[0], f[1], Number.isNaN(f[0]), typeof f[0], [f[0], f[1]].map((x) => x === x));
// Views of a resizable buffer: fixed-length views go out of bounds when it shrinks.
const rab = new (ArrayBuffer as any)(32, { maxByteLength: 64 });
const fixed = new Float64Array(rab, 8, 2);
const track = new Float64Array(rab);
fixed[0] = 5;
track[3] = 6;
console.log(fixed[0], fixed[1], track[1], track[3], track.length);
rab.resize(16);
console.log(fixed[0], fixed.length, track[1], track[3], track.length);
fixed[0] = 8;
track[1] = 9;
console.log(fixed[0], track[1]);
rab.resize(64);
console.log(fixed[0], fixed[1], track[1], track.length);
// Subarrays with offsets.
const base = new Int32Array([10, 20, 30, 40, 50]);
const sub = base.subarray(2, 4);
sub[0] += 5;
sub[1] = sub[0] * 2;
sub[2] = 99;
console.log(base.join(), sub.join(), sub[2]);
const bytes = new Uint8Array(base.buffer, 4, 4);
bytes[0] = 257;
bytes[3] = -1;
console.log(Array.from(bytes).join(), base[1]);
// Arrays: holes, frozen, sealed, non-extensible, length growth.
const a: any[] = [1, , 3];
a[1] = 2;
a[5] = 6;
console.log(a.length, JSON.stringify(a), 1 in a, 4 in a);
const fr = Object.freeze([1, 2, 3]);
try {
  (fr as any)[0] = 9;
} catch (e) {
  console.log((e as Error).constructor.name);
}
const se = Object.seal([1, 2]);
se[0] = 5;
try {
  (se as any)[2] = 1;
} catch (e) {
  console.log((e as Error).constructor.name, se.join());
}
const ne = Object.preventExtensions([1, 2]);
ne[1] = 7;
console.log(ne.join());
const arr = [0, 0, 0];
let s = 0;
for (let k = 0; k < 3000; k++) {
  arr[k % 3] += k;
  f[k % 4] = k / 3;
  i32[k % 4] = k * 1000003;
  u8[k % 4] = k;
  s += arr[k % 3] + f[k % 4] + i32[k % 4] + u8[k % 4];
}
console.log(arr.join(), s);
const objs: any[] = [{ a: 1 }, "str", [1]];
for (const o of objs) {
  try {
    o[0] = "x";
  } catch (e) {
    console.log((e as Error).constructor.name);
  }
  console.log(o[0], o.length);
}
