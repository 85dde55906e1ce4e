// DataView: every get/set method, both byte orders, bounds and errors.
function err(f: () => unknown): string {
  try {
    return "no error: " + String(f());
  } catch (e) {
    return (e as Error).constructor.name + ": " + (e as Error).message;
  }
}
const buf = new ArrayBuffer(16);
const dv = new DataView(buf, 2, 12);
const bytes = new Uint8Array(buf);
const hex = () => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
console.log(dv.byteLength, dv.byteOffset, dv.buffer === buf, Object.prototype.toString.call(dv), DataView.length, DataView.name);
const kinds = ["Int8", "Uint8", "Int16", "Uint16", "Int32", "Uint32", "Float32", "Float64"];
const vals = [0, 1, -1, 127, 128, 255, 256, 32767, -32768, 65535, 2147483647, -2147483648, 4294967295, 1.5, -0.1, NaN, Infinity, 1e40];
for (const k of kinds) {
  const set = (dv as any)["set" + k].bind(dv);
  const get = (dv as any)["get" + k].bind(dv);
  const out: string[] = [];
  for (const v of vals) {
    bytes.fill(0);
    set(1, v);
    const be = hex();
    const r1 = get(1);
    set(1, v, true);
    const le = hex();
    const r2 = get(1, true);
    out.push(`${v}:${be.slice(6, 22)}/${le.slice(6, 22)}=${r1},${r2},${get(1, false)}`);
  }
  console.log(k, (dv as any)["get" + k].length, (dv as any)["set" + k].length);
  console.log(" " + out.join(" "));
}
// Offsets are ToIndex'd; littleEndian is ToBoolean'd.
bytes.set([1, 2, 3, 4], 2);
console.log(dv.getUint16("0" as any), dv.getUint16(0.9), dv.getUint16(0, "yes" as any), dv.getUint16(0, 0 as any), dv.getInt8(undefined as any));
console.log(err(() => dv.getInt32(10)), err(() => dv.getInt8(12)), err(() => dv.getInt8(-1)), err(() => dv.setFloat64(5, 1)), err(() => dv.getUint8(Infinity)));
console.log(err(() => new DataView(buf, 17)), err(() => new DataView(buf, 8, 9)), err(() => new DataView({} as any)), err(() => (DataView as any)(buf)), err(() => new DataView(buf, -1)));
console.log(new DataView(buf, 16).byteLength, new DataView(buf, 4).byteLength);
// (Only the error types: V8's messages here name the wrong receiver.)
console.log(err(() => DataView.prototype.getInt8.call(new Uint8Array(4), 0)).split(":")[0], err(() => Object.getOwnPropertyDescriptor(DataView.prototype, "byteLength")!.get!.call({})).split(":")[0]);
// The value is converted before the bounds check.
const log: string[] = [];
console.log(err(() => dv.setInt8(100, { valueOf() { log.push("value"); return 1; } } as any)), log.join());
console.log(err(() => dv.setInt8({ valueOf() { log.push("index"); return -1; } } as any, { valueOf() { log.push("value2"); return 1; } } as any)), log.join());
console.log(dv);
class MyView extends DataView {}
const mv = new MyView(buf, 1, 2);
console.log(mv instanceof DataView, mv.getUint8(0), mv);
