// DataView getBigInt64/setBigInt64/getBigUint64/setBigUint64: both byte
// orders, wrap-around, conversion order, bounds and out-of-bounds errors.
const log = console.log;
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};
const buf = new ArrayBuffer(16);
const dv = new DataView(buf, 2, 12);
const bytes = new Uint8Array(buf);
const hex = () => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
const p = DataView.prototype as any;
log(p.getBigInt64.length, p.setBigInt64.length, p.getBigUint64.name, p.setBigUint64.name);
log(Object.getOwnPropertyNames(DataView.prototype).filter((k) => k.includes("Big")));
const vals = [0n, 1n, -1n, 255n, 256n, 2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n, 2n ** 64n + 2n, -(2n ** 64n) - 1n, 0x0102030405060708n, 10n ** 25n];
for (const v of vals) {
  bytes.fill(0);
  dv.setBigInt64(1, v);
  const be = hex().slice(6, 22);
  const r = [dv.getBigInt64(1), dv.getBigUint64(1), dv.getBigInt64(1, true), dv.getBigUint64(1, true)];
  dv.setBigUint64(1, v, true);
  const le = hex().slice(6, 22);
  log(`${v}: ${be} ${le}`, r.join(" "), dv.getBigUint64(1, true), dv.getBigInt64(1, true));
}
log(typeof dv.getBigInt64(0), dv.getFloat64(0), dv.getUint32(0), dv.getBigUint64(4, false));
dv.setBigInt64(0, "-2" as any);
dv.setBigUint64(4, true as any, true);
log(dv.getBigInt64(0), dv.getBigUint64(4, true), dv.getBigInt64(4), dv.getBigInt64("0" as any), dv.getBigInt64(undefined as any));
t("set number", () => dv.setBigInt64(0, 1 as any));
t("set undefined", () => dv.setBigUint64(0, undefined as any));
t("set bad string", () => dv.setBigInt64(0, "x" as any));
t("get past end", () => dv.getBigInt64(5));
t("set past end", () => dv.setBigUint64(5, 1n));
t("negative index", () => dv.getBigUint64(-1));
t("huge index", () => dv.setBigInt64(2 ** 53, 1n));
// ToIndex, then ToBigInt, then the bounds check.
const order: string[] = [];
const idx = {
  valueOf() {
    order.push("index");
    return 100;
  },
};
const val = {
  valueOf() {
    order.push("value");
    return 1n;
  },
};
t("order", () => dv.setBigInt64(idx as any, val as any));
log(order.join(","));
t("number before bounds", () => dv.setBigInt64(100, 1 as any));
const rb = new ArrayBuffer(16, { maxByteLength: 32 } as any);
const tv = new DataView(rb);
tv.setBigUint64(8, 2n ** 64n - 2n);
(rb as any).resize(12);
t("after shrink", () => tv.getBigUint64(8));
(rb as any).resize(16);
log(tv.getBigUint64(8), tv.getBigInt64(0));
(rb as any).resize(4);
t("out of bounds get", () => tv.getBigInt64(0));
t("out of bounds set", () => tv.setBigUint64(0, 1n));
t("out of bounds bad value", () => tv.setBigUint64(0, 1 as any));
// A BigInt64Array and a DataView over the same bytes.
const shared = new ArrayBuffer(16);
const ta = new BigInt64Array(shared);
const sv = new DataView(shared);
ta[0] = -2n;
ta[1] = 2n ** 62n + 1n;
log(sv.getBigInt64(0, true), sv.getBigUint64(0, true), sv.getBigInt64(8, true), sv.getBigInt64(8));
sv.setBigInt64(8, -3n, true);
log(ta, new BigUint64Array(shared));
