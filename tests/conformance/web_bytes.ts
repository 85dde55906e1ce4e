// ArrayBuffer and Uint8Array: construction, element access with Uint8
// wrapping, views, the %TypedArray% methods, iteration and printing.

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e: any) {
    console.log(label, e.constructor.name + ": " + e.message);
  }
}

// ----- ArrayBuffer -----
const ab = new ArrayBuffer(8);
console.log(ab.byteLength, ab);
console.log(new ArrayBuffer(0), new ArrayBuffer(1.9).byteLength, new ArrayBuffer("3" as any).byteLength);
console.log(ab.slice(2, -2).byteLength, ab.slice(-3), ab.slice(5, 2).byteLength);
console.log(ArrayBuffer.isView(new Uint8Array(1)), ArrayBuffer.isView(ab), ArrayBuffer.isView([]));
console.log(Object.prototype.toString.call(ab), String(ab));
attempt("negative length", () => new ArrayBuffer(-1));
attempt("call without new", () => (ArrayBuffer as any)(2));

// ----- construction -----
console.log(new Uint8Array(), new Uint8Array(3), new Uint8Array(2.5).length);
console.log(new Uint8Array([1, 2, 300, -1, 1.7, NaN, Infinity, "7" as any]));
console.log(new Uint8Array(new Set([5, 6])), new Uint8Array({ length: 2, 0: 9, 1: "10" } as any));
console.log(new Uint8Array("abc" as any), new Uint8Array(null as any));
const buf = new ArrayBuffer(6);
const view = new Uint8Array(buf, 2, 3);
view[0] = 255;
view[2] = 256 + 7;
console.log(view, view.length, view.byteLength, view.byteOffset, view.buffer === buf, new Uint8Array(buf));
console.log(new Uint8Array(buf, 4), new Uint8Array(buf, 6).length);
const copy = new Uint8Array(view);
copy[0] = 1;
console.log(copy, view[0]);
attempt("negative length", () => new Uint8Array(-1));
attempt("offset past end", () => new Uint8Array(buf, 7));
attempt("length past end", () => new Uint8Array(buf, 1, 6));
attempt("call without new", () => (Uint8Array as any)(2));
attempt("abstract", () => new (Object.getPrototypeOf(Uint8Array))());

// ----- element access -----
const u = new Uint8Array(4);
u[0] = 300;
u[1] = -1;
u[2] = 3.99;
u[3] = "12" as any;
(u as any)[4] = 9;
(u as any)[-1] = 9;
(u as any)["1.5"] = 9;
(u as any).extra = "x";
console.log(u, u[0], u[4], (u as any)[-1], (u as any)["1.5"], u["2" as any], (u as any).extra);
console.log(0 in u, 3 in u, 4 in u, "-0" in u, Object.keys(u), JSON.stringify(u));
console.log(Object.getOwnPropertyDescriptor(u, 1), Object.getOwnPropertyDescriptor(u, 9));
let i = 0;
for (i = 0; i < u.length; i++) u[i] += 250;
console.log(u, i);
attempt("delete element", () => delete (u as any)[0]);
console.log(delete (u as any)[10]);
Object.defineProperty(u, 0, { value: 511 });
console.log(u[0]);
attempt("define out of range", () => Object.defineProperty(u, 10, { value: 1 }));

// ----- views share bytes -----
const base = new Uint8Array([10, 20, 30, 40, 50]);
const sub = base.subarray(1, 4);
sub[0] = 99;
console.log(sub, sub.byteOffset, sub.buffer === base.buffer, base);
console.log(base.subarray(-2), base.subarray(3, 1), base.subarray(-100, 2));
const sl = base.slice(1, -1);
sl[0] = 0;
console.log(sl, base[1], base.slice(), base.slice(9));

// ----- set / fill / copyWithin -----
const t = new Uint8Array(6);
t.set([1, 2, 3]);
t.set(new Uint8Array([7, 8]), 4);
console.log(t);
t.set(t.subarray(0, 3), 2);
console.log(t);
attempt("set past end", () => t.set([1, 2, 3], 4));
attempt("set negative offset", () => t.set([1], -1));
console.log(new Uint8Array(5).fill(7), new Uint8Array(5).fill(300, 1, -1), new Uint8Array(4).fill(1, -2));
console.log(new Uint8Array([1, 2, 3, 4, 5]).copyWithin(0, 3), new Uint8Array([1, 2, 3, 4, 5]).copyWithin(1, 0, 3));

// ----- iteration -----
const it = new Uint8Array([3, 1, 2]);
const seen: number[] = [];
for (const x of it) seen.push(x);
console.log(seen, [...it], Array.from(it), Array.from(it, (x) => x * 2));
console.log([...it.keys()], [...it.entries()], it.values().next(), it[Symbol.iterator] === it.values);
const [a1, ...rest] = it;
console.log(a1, rest);

// ----- statics -----
console.log(Uint8Array.from([1, 2, 3]), Uint8Array.from("456"), Uint8Array.from([1, 2], (x) => x * 200));
console.log(Uint8Array.from({ length: 3, 1: 5 } as any), Uint8Array.of(1, 256, -1));
console.log(Uint8Array.BYTES_PER_ELEMENT, Uint8Array.prototype.BYTES_PER_ELEMENT, Uint8Array.name, Uint8Array.length);
console.log(Object.getPrototypeOf(Uint8Array).name, Object.getPrototypeOf(Uint8Array.prototype).constructor.name);

// ----- methods -----
const m = new Uint8Array([5, 1, 4, 1, 3]);
console.log(m.indexOf(1), m.lastIndexOf(1), m.indexOf(9), m.includes(4), m.includes(4, 3), m.indexOf(1, 2));
console.log(m.at(-1), m.at(10), m.join(), m.join(" - "), String(m), m.toString());
console.log(m.map((x) => x * 100), m.filter((x) => x > 2), m.reduce((s, x) => s + x, 0), m.reduceRight((s, x) => s + "," + x, ""));
console.log(m.find((x) => x > 3), m.findIndex((x) => x > 3), m.findLast((x) => x < 4), m.findLastIndex((x) => x > 9));
console.log(m.every((x) => x > 0), m.some((x) => x > 4), m.some((x) => x > 5));
const order: string[] = [];
m.forEach((x, k, arr) => order.push(k + ":" + x + ":" + (arr === m)));
console.log(order.join(" "));
console.log(m.toSorted(), m.toReversed(), m, m.with(0, 260), m.toSorted((x, y) => y - x));
console.log(m.slice().sort(), m.slice().reverse(), m.slice().sort((x, y) => y - x));
attempt("bad comparator", () => m.sort(5 as any));
attempt("reduce empty", () => new Uint8Array(0).reduce((s, x) => s + x));
attempt("with out of range", () => m.with(5, 1));
attempt("incompatible receiver", () => Uint8Array.prototype.slice.call([1]));
attempt("callback not callable", () => m.map(7 as any));

// ----- printing -----
console.log(new Uint8Array(120));
console.log([new Uint8Array([1])], { u: new Uint8Array([1, 2]), b: new Uint8Array([1, 2]).buffer });
console.log(new Uint8Array([255, 0, 127, 128, 16]).buffer);
console.log(new Uint8Array(200).fill(171).buffer);
console.log(Object.prototype.toString.call(new Uint8Array(1)), typeof new Uint8Array(1));
