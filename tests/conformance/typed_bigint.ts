// BigInt64Array and BigUint64Array: construction, element get/set with
// wrap-around, content-type TypeErrors, the %TypedArray% methods, printing.
const log = console.log;
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};

// Construction.
log(BigInt64Array.name, BigInt64Array.length, BigInt64Array.BYTES_PER_ELEMENT, BigUint64Array.prototype.BYTES_PER_ELEMENT);
log(Object.getPrototypeOf(BigInt64Array) === Object.getPrototypeOf(Int8Array), Object.prototype.toString.call(new BigUint64Array(1)));
const a = new BigInt64Array(4);
log(a.length, a.byteLength, a[0], typeof a[0], a[4]);
const b = new BigInt64Array([1n, -2n, 3n]);
const u = new BigUint64Array([1n, -1n, 2n ** 64n + 5n]);
log(b, u);
log(new BigInt64Array(new BigUint64Array([2n ** 63n, 7n])));
log(new BigUint64Array(new BigInt64Array([-1n, -2n])));
log(BigInt64Array.from([1n, 2n, 3n], (x) => x * 10n), BigUint64Array.of(4n, 5n, -6n));
log(new BigInt64Array(new Set([9n, 8n])), new BigInt64Array({ length: 2, 0: 5n, 1: "6" }));
log(new BigInt64Array([true, false, "0x10"] as any));
const ab = new ArrayBuffer(24);
const view = new BigInt64Array(ab, 8);
view[0] = -1n;
log(view.length, new Uint8Array(ab), new BigUint64Array(ab));
t("bad offset", () => new BigInt64Array(ab, 4));
t("bad length", () => new BigInt64Array(new ArrayBuffer(12)));

// Element get and set: ToBigInt, modulo 2^64.
const w = new BigInt64Array(6);
w[0] = 2n ** 63n;
w[1] = 2n ** 64n + 1n;
w[2] = -(2n ** 63n) - 1n;
w[3] = "12" as any;
w[4] = true as any;
w[5] = 10n ** 30n;
log(w);
const wu = new BigUint64Array(w.buffer);
log(wu);
wu[0] = -(2n ** 64n) - 3n;
log(wu[0], w[0]);
t("set number", () => {
  w[0] = 1 as any;
});
t("set undefined", () => {
  w[0] = undefined as any;
});
t("set bad string", () => {
  w[0] = "1.5" as any;
});
t("set symbol", () => {
  w[0] = Symbol("s") as any;
});
let calls = 0;
const obj = {
  valueOf() {
    calls++;
    return 42n;
  },
};
w[100] = obj as any;
w["-0" as any] = obj as any;
log("ToBigInt before the index check", calls, w[100]);
t("invalid index still converts", () => {
  w[100] = 1 as any;
});
w[1] = obj as any;
log(w[1], Reflect.set(w, 2, 7n), w[2], Reflect.set(w, 10, 7n));
t("defineProperty", () => Object.defineProperty(w, "3", { value: 99n })[3]);
t("defineProperty number", () => Object.defineProperty(w, "3", { value: 99 }));
log(Object.getOwnPropertyDescriptor(w, "3"), Object.keys(w), "0" in w, 7 in w);

// Content type.
t("ctor from Int8Array", () => new BigInt64Array(new Int8Array(2)));
t("Int8Array from BigInt64Array", () => new Int8Array(new BigInt64Array(2)));
t("Float64Array from BigUint64Array", () => new Float64Array(new BigUint64Array(2)));
t("set from Int8Array", () => new BigInt64Array(2).set(new Int8Array(2)));
t("Int8Array set from BigInt64Array", () => new Int8Array(2).set(new BigInt64Array(2)));
t("from numbers", () => new BigInt64Array([1, 2]));
t("of numbers", () => BigUint64Array.of(1 as any));
t("Int8Array of bigint", () => Int8Array.of(1n as any));
t("Float64Array from bigints", () => new Float64Array([1n] as any));
const mixed = new BigInt64Array(4);
mixed.set(new BigUint64Array([2n ** 64n - 1n, 5n]), 1);
log(mixed);
mixed.set([7n, -7n]);
log(mixed);
mixed.set(mixed.subarray(0, 2), 2);
log(mixed);

// Methods.
const m = new BigInt64Array([5n, -3n, 10n, -3n, 0n, 2n ** 62n]);
log(m.includes(-3n), m.includes(-3 as any), m.includes(2n ** 64n - 3n), m.includes(undefined as any));
log(m.indexOf(-3n), m.lastIndexOf(-3n), m.indexOf(-3n, 2), m.indexOf(3n), m.indexOf(10 as any), m.lastIndexOf(5n, -7));
log(m.at(-1), m.at(0), m.at(9), m.join(), m.join(" | "), String(m), m.toString(), m.toLocaleString());
log(m.slice(1, 4), m.subarray(2), m.subarray(-2).byteOffset);
log(m.map((x) => x * 2n), m.filter((x) => x > 0n), m.find((x) => x < 0n), m.findIndex((x) => x === 10n), m.findLast((x) => x < 0n), m.findLastIndex((x) => x > 100n));
log(m.reduce((acc, x) => acc + x), m.reduceRight((acc, x) => acc + x, 0n), m.every((x) => typeof x === "bigint"), m.some((x) => x === 0n));
const seen: string[] = [];
m.forEach((x, i) => seen.push(`${i}:${x}`));
log(seen.join(" "));
log([...m], Array.from(m.keys()), Array.from(m.entries()).slice(0, 2), [...m.values()].length);
log(Array.from(m), Array.prototype.slice.call(m, 0, 2));
log(m.toSorted(), m.toSorted((x, y) => (x < y ? 1 : x > y ? -1 : 0)), m.toReversed(), m.with(0, 77n), m.with(-1, "8" as any));
t("with number", () => m.with(0, 1 as any));
t("with bad index", () => m.with(10, 1n));
const s = new BigUint64Array([3n, -1n, 0n, 2n ** 63n, 1n]);
log(s.sort(), new BigInt64Array([3n, -1n, 0n, -(2n ** 63n), 2n ** 63n - 1n]).sort());
log(s.sort((x, y) => Number(y - x)));
log(new BigInt64Array(3).fill(-5n), new BigUint64Array(3).fill(-5n, 1), new BigInt64Array(4).fill("3" as any, 1, 3));
t("fill number", () => new BigInt64Array(2).fill(1 as any));
log(new BigInt64Array([1n, 2n, 3n, 4n]).copyWithin(0, 2), new BigInt64Array([1n, 2n, 3n]).reverse());
log(m.slice(-2).constructor === BigInt64Array, Object.keys(new BigUint64Array(2)), JSON.stringify(Object.keys(m)));
t("JSON", () => JSON.stringify(new BigInt64Array(1)));
class My extends BigInt64Array {}
const my = new My([1n, 2n, 3n]);
log(my.map((x) => -x) instanceof My, my.filter((x) => x > 1n), my.slice(1) instanceof My);

// Printing.
log(new BigInt64Array(0), new BigUint64Array([0n]));
log([new BigInt64Array([1n, -2n, 33n])], { k: new BigUint64Array([2n ** 64n - 1n]) });
log(new BigInt64Array(30));
log(new BigInt64Array(Array.from({ length: 120 }, (_, i) => BigInt(i) * 1000000007n)));
log(`${new BigUint64Array([1n, 2n])}`);

// Many allocations: elements read as fresh BigInts.
const big = new BigInt64Array(2000);
for (let i = 0; i < big.length; i++) big[i] = BigInt(i) * -3n;
let sum = 0n;
for (const x of big) sum += x;
log(sum, big.map((x) => x + 1n).reduce((p, x) => p + x), big.toSorted()[0], big.join("").length);
