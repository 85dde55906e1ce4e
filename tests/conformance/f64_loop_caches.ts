// Loops over Float64Array parameters cache the view's element address and
// length (refilled after every call). Whatever the loop does on a slow path
// (a getter that detaches or shrinks the buffer), whatever the parameter
// holds at run time (another typed array, an Array, a view past its
// buffer), the loop must read and write what Node does.

function weight(i: number, j: number): number {
  return 1 / (((i + j) * (i + j + 1)) / 2 + i + 1);
}

function mul(n: number, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += weight(i, j) * v[j];
    out[i] = s;
  }
}

function sum(v: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += v[i];
  return s;
}

function fill(v: Float64Array, n: number, x: any): void {
  for (let i = 0; i < n; i++) v[i] = x;
}

const show = (v: ArrayLike<number>): string => Array.from(v, (x) => (Number.isNaN(x) ? "NaN" : x.toFixed(4))).join(" ");

// The plain kernel, and reads past the end.
{
  const v = new Float64Array([1, 2, 3, 4]);
  const out = new Float64Array(4);
  mul(4, v, out);
  console.log(show(out));
  console.log(sum(v, 6), sum(v, 4));
}

// Other values in a Float64Array parameter.
{
  console.log(sum(new Int32Array([1, 2, 3]) as any, 3));
  console.log(sum([1, 2, 3, 4] as any, 4));
  console.log(sum({ 0: 5, 1: 6, length: 2 } as any, 2));
  const a = new Float64Array(3);
  fill(a, 5, "2.5");
  console.log(show(a));
  fill(a, 3, { valueOf: () => 7 });
  console.log(show(a));
}

// A view on part of a buffer, and NaNs with other payloads.
{
  const buf = new ArrayBuffer(64);
  const whole = new Float64Array(buf);
  for (let i = 0; i < 8; i++) whole[i] = i;
  const part = new Float64Array(buf, 16, 3);
  console.log(sum(part, 5), show(part));
  const bytes = new Uint8Array(buf);
  bytes.set([1, 2, 3, 4, 5, 6, 0xf8, 0x7f], 16);
  bytes.set([0, 0, 0, 0, 0, 0, 0xf0, 0xff], 24);
  console.log(show(part), sum(part, 2));
}

// A getter on the prototype, reached through a slow path inside the loop,
// shrinks the resizable buffer under a fixed-length view: later reads see
// it out of bounds (no elements).
{
  const rab = new (ArrayBuffer as any)(48, { maxByteLength: 64 });
  const v = new Float64Array(rab, 0, 6);
  for (let i = 0; i < 6; i++) v[i] = i + 1;
  let calls = 0;
  Object.defineProperty(Float64Array.prototype, "extra", {
    get() {
      calls++;
      rab.resize(24);
      return 100;
    },
    configurable: true,
  });
  function walk(w: Float64Array, keys: any[]): string {
    let seen = "";
    for (let i = 0; i < keys.length; i++) seen += w[keys[i]] + ",";
    return seen;
  }
  console.log(walk(v, [0, 1, "extra", 2, 3]), v.length, calls);
  rab.resize(48);
  console.log(walk(v, [0, 5]), v.length);
  delete (Float64Array.prototype as any).extra;
}

// A length-tracking view on a resizable buffer, shrunk by a getter.
{
  const rab = new (ArrayBuffer as any)(48, { maxByteLength: 64 });
  const t = new Float64Array(rab);
  for (let i = 0; i < 6; i++) t[i] = i + 0.5;
  Object.defineProperty(Float64Array.prototype, "shrink", {
    get() {
      rab.resize(16);
      return -1;
    },
    configurable: true,
  });
  function walk(w: Float64Array, keys: any[]): string {
    let seen = "";
    for (let i = 0; i < keys.length; i++) seen += w[keys[i]] + ",";
    return seen;
  }
  console.log(walk(t, [0, 3, "shrink", 1, 3, 5]), t.length);
  delete (Float64Array.prototype as any).shrink;
}
