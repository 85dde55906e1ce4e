// Resizable ArrayBuffers (ES2024): resize, maxByteLength, length-tracking
// views, out-of-bounds views.
function err(f: () => unknown): string {
  try {
    return "no error: " + String(f());
  } catch (e) {
    return (e as Error).constructor.name + ": " + (e as Error).message;
  }
}
const rab = new ArrayBuffer(4, { maxByteLength: 16 });
console.log(rab.byteLength, rab.maxByteLength, rab.resizable, new ArrayBuffer(4).resizable, new ArrayBuffer(4).maxByteLength);
const track = new Uint8Array(rab);
const fixed = new Uint8Array(rab, 0, 4);
const track16 = new Uint16Array(rab, 2);
const dv = new DataView(rab);
const dvFixed = new DataView(rab, 1, 2);
function state(label: string) {
  console.log(label, rab.byteLength, "track", track.length, track.byteLength, "fixed", fixed.length, fixed.byteOffset, "track16", track16.length, track16.byteOffset, "dv", err(() => dv.byteLength), err(() => dvFixed.byteLength));
}
state("start");
track.set([1, 2, 3, 4]);
rab.resize(12);
state("grown");
console.log(Array.from(track).join(), Array.from(track16).join());
rab.resize(3);
state("shrunk");
console.log(Array.from(track).join(), fixed[0], fixed[3], (fixed as any)[0] = 9, 0 in fixed, Object.keys(fixed).length);
console.log(err(() => fixed.fill(1)), err(() => fixed.at(0)), err(() => [...fixed]));
rab.resize(1);
state("tiny");
console.log(err(() => new Uint16Array(rab, 2)).split(":")[0], err(() => new DataView(rab, 2)));
rab.resize(8);
state("regrown");
console.log(Array.from(track).join(), "zeroed");
console.log(err(() => rab.resize(17)), err(() => rab.resize(-1)), err(() => new ArrayBuffer(8).resize(4)));
console.log(err(() => new ArrayBuffer(8, { maxByteLength: 4 })), new ArrayBuffer(2, { maxByteLength: undefined }).resizable, new ArrayBuffer(2, {}).resizable);
// slice of a resizable buffer is fixed-length.
const sl = rab.slice(1, 5);
console.log(sl.byteLength, sl.resizable);
// Methods see the current length.
rab.resize(6);
track.set([6, 5, 4, 3, 2, 1]);
console.log(track.toSorted().join(), track.subarray(2).length, track.slice(-2).join(), track.map((x) => x * 2).join());
const sub = track.subarray(2);
rab.resize(10);
console.log(sub.length, track.length, new Uint8Array(rab, 2, 2).length);
// A callback that shrinks the buffer.
const seen: unknown[] = [];
track.forEach((x, i) => {
  if (i === 0) rab.resize(2);
  seen.push(x);
});
console.log(seen.join("|"), track.length);
// Inspect.
console.log(rab, track);
