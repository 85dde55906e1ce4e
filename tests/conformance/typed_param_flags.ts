// A parameter declared Float64Array, indexed and never assigned, is tested
// once for being one; reads must still be right for whatever is passed.
function sum(v: Float64Array, n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += v[i];
  return s;
}
function at(v: Float64Array, i: any): any {
  return v[i];
}
const f = new Float64Array([1.5, 2.5, NaN, -0, 4]);
console.log(sum(f, 5), sum(f, 2), sum(f, 7), at(f, 3), Object.is(at(f, 3), -0), at(f, 2), at(f, "1"), at(f, 1.5), at(f, -1));
console.log(sum([1, 2, 3] as any, 3), sum(new Int32Array([4, 5, 6]) as any, 3), sum(new Float32Array([0.5, 0.25]) as any, 2), sum("123" as any, 3));
const sub = new Float64Array(new ArrayBuffer(64), 16, 3);
sub.set([7, 8, 9]);
console.log(sum(sub, 3), sum(f.subarray(1, 3), 2), at(sub, 3));
const rab = new ArrayBuffer(32, { maxByteLength: 64 });
const tracking = new Float64Array(rab);
tracking.set([1, 2, 3, 4]);
console.log(sum(tracking, 4));
rab.resize(16);
console.log(sum(tracking, 4), at(tracking, 1), at(tracking, 3));
const proxied = new Proxy(f, {});
console.log(at(proxied as any, 0), sum(null as any, 0));
