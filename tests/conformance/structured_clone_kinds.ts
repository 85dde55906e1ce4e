// structuredClone of every kind Node clones (typed arrays, ArrayBuffer, DataView, RegExp,
// wrappers, errors, Map/Set, sparse arrays), `transfer`, and the DataCloneError / TypeError
// cases (proxies, functions, symbols, WeakMap, Promise, bad transfer lists).
function t(name: string, f: () => any) {
  try {
    console.log(name, f());
  } catch (e: any) {
    console.log(name, "threw", e?.name, e?.message, e instanceof DOMException, e?.code);
  }
}
const u8 = new Uint8Array([1, 2, 3, 250]);
t("u8", () => structuredClone(u8));
t("u8 identity", () => {
  const c = structuredClone(u8);
  return [c !== u8, c.buffer !== u8.buffer, c instanceof Uint8Array];
});
const ab = new ArrayBuffer(8);
new Uint8Array(ab)[0] = 7;
t("ArrayBuffer", () => {
  const c = structuredClone(ab);
  return [c.byteLength, new Uint8Array(c)[0], c !== ab];
});
t("resizable", () => {
  const r = new ArrayBuffer(4, { maxByteLength: 16 });
  const c = structuredClone(r);
  return [c.resizable, c.maxByteLength, c.byteLength];
});
t("views share a buffer", () => {
  const b = new ArrayBuffer(16);
  const x = new Int16Array(b, 2, 3);
  const y = new Float64Array(b, 8, 1);
  y[0] = 1.5;
  x[1] = -2;
  const c = structuredClone({ x, y, b });
  return [c.x.buffer === c.y.buffer, c.x.buffer === c.b, c.x.byteOffset, c.x.length, c.x[1], c.y[0], c.b.byteLength];
});
t("DataView", () => {
  const d = new DataView(new ArrayBuffer(4), 1, 2);
  d.setUint8(0, 9);
  const c = structuredClone(d);
  return [c instanceof DataView, c.byteOffset, c.byteLength, c.getUint8(0)];
});
t("every typed array", () =>
  [Int8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array, BigInt64Array, BigUint64Array].map((C: any) => {
    const c = structuredClone(new C(2));
    return c.constructor.name + c.length;
  }),
);
t("subarray", () => {
  const a = new Uint8Array([1, 2, 3, 4]).subarray(1, 3);
  const c = structuredClone(a);
  return [c.length, c.byteOffset, c.buffer.byteLength, Array.from(c)];
});
t("RegExp", () => {
  const r = /a+b/gi;
  r.lastIndex = 3;
  (r as any).extra = 1;
  const c = structuredClone(r);
  return [String(c), c.lastIndex, (c as any).extra, c !== r, c instanceof RegExp, c.test("xAAB")];
});
t("RegExp flags", () => String(structuredClone(/x/dsuy)));
t("wrappers", () => structuredClone([new Number(3), new String("s"), new Boolean(false), Object(10n)]).map((x: any) => typeof x + ":" + x.valueOf()));
t("BigInt", () => structuredClone(12345678901234567890n));
t("sparse", () => {
  const a: any = [1, , 3];
  a.p = "x";
  a.length = 5;
  const c = structuredClone(a);
  return [c.length, 1 in c, c.p, Object.keys(c)];
});
t("class instance", () => {
  class A {
    x = 1;
    get y() {
      return 2;
    }
  }
  const c = structuredClone(new A());
  return [Object.getPrototypeOf(c) === Object.prototype, c];
});
t("getter", () => structuredClone({ get g() { return 5; } }));
t("cycles", () => {
  const o: any = { n: 1 };
  o.self = o;
  const m = new Map([[o, o]]);
  o.m = m;
  const c = structuredClone(o);
  return [c.self === c, c.m.get(c) === c];
});
t("Date", () => structuredClone(new Date(0)).toISOString());
t("Error", () => {
  const e = new TypeError("bad", { cause: 1 });
  const c = structuredClone(e);
  return [c instanceof TypeError, c.message, c.cause, c.name];
});
t("Error custom name", () => {
  const e = new Error("m");
  e.name = "Custom";
  const c = structuredClone(e);
  return [c.name, c.message];
});
t("Error with a standard name", () => {
  const e = new Error("m");
  e.name = "RangeError";
  return structuredClone(e) instanceof RangeError;
});
t("Set", () => structuredClone(new Set([1, { a: [2] }])));
t("nested", () => structuredClone({ a: [1, { b: new Map([["k", new Set([1n])]]) }], d: new Date(5) }));
t("proxy", () => structuredClone(new Proxy({}, {})));
t("proxy inside", () => structuredClone({ a: new Proxy([], {}) }));
t("function", () => structuredClone(() => 1));
t("symbol", () => structuredClone(Symbol("s")));
t("WeakMap", () => structuredClone(new WeakMap()));
t("Promise", () => structuredClone(Promise.resolve(1)));
t("transfer", () => {
  const b = new ArrayBuffer(4);
  new Uint8Array(b)[0] = 42;
  const c = structuredClone(b, { transfer: [b] });
  return [b.byteLength, c.byteLength, new Uint8Array(c)[0]];
});
t("transfer a view's buffer", () => {
  const b = new ArrayBuffer(4);
  const v = new Uint8Array(b);
  v[1] = 5;
  const c = structuredClone({ v }, { transfer: [b] });
  return [b.byteLength, v.length, c.v[1], c.v.length];
});
t("transfer twice", () => {
  const b = new ArrayBuffer(4);
  return structuredClone(b, { transfer: [b, b] });
});
t("transfer an object", () => structuredClone(1, { transfer: [{}] as any }));
t("transfer a view", () => structuredClone(1, { transfer: [new Uint8Array(2)] as any }));
t("transfer then clone", () => {
  const b = new ArrayBuffer(4);
  structuredClone(b, { transfer: [b] });
  return structuredClone(b);
});
t("transfer not iterable", () => structuredClone(1, { transfer: 5 as any }));
t("failed clone transfers nothing", () => {
  const b = new ArrayBuffer(4);
  try {
    structuredClone({ b, f: () => 1 }, { transfer: [b] });
  } catch {}
  return b.byteLength;
});
t("options null", () => structuredClone(1, null as any));
t("options number", () => structuredClone(1, 5 as any));
t("transfer undefined", () => structuredClone(2, { transfer: undefined }));
t("no arguments", () => (structuredClone as any)());
