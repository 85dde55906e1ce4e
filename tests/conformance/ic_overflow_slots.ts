// Property reads that an inline cache serves from an object's overflow
// array (objects with more properties than inline slots), and from
// function objects: values must follow writes, deletions, new shapes and
// objects of the same shape with different values.

function make(n: number, base: number): Record<string, number> {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o["p" + i] = base + i;
  return o;
}

function readLast(o: Record<string, number>): number {
  return o.p19;
}

function readFirst(o: Record<string, number>): number {
  return o.p0;
}

const a = make(20, 100);
const b = make(20, 200);
let sum = 0;
for (let i = 0; i < 1000; i++) sum += readLast(i % 2 ? a : b) + readFirst(i % 3 ? a : b);
console.log(sum);
a.p19 = -1;
console.log(readLast(a), readLast(b));
delete (a as any).p10;
console.log(readLast(a), readFirst(a));
a.p19 = 7;
console.log(readLast(a));

function statics() {}
(statics as any).k1 = 1;
(statics as any).k2 = 2;
(statics as any).k3 = 3;
(statics as any).k4 = 4;
function readK4(f: any): number {
  return f.k4;
}
let t = 0;
for (let i = 0; i < 100; i++) t += readK4(statics);
(statics as any).k4 = 40;
console.log(t, readK4(statics));

let m = 0;
for (let i = 0; i < 1000; i++) m += Math.floor(i / 7) + Math.max(i, 3) + Math.abs(-i);
console.log(m, Math.PI.toFixed(3));
const P = Promise;
console.log(typeof P.resolve, P.resolve === Promise.resolve);
const big = make(40, 0);
const keys = Object.keys(big).slice(-3);
console.log(keys, big.p39, big[keys[0]]);
