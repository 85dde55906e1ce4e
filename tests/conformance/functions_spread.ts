// Spread in calls and in array/object literals
function three(a: number, b: number, c: number) {
  return a + "-" + b + "-" + c;
}
const args: [number, number, number] = [1, 2, 3];
console.log(three(...args));
console.log(Math.max(...[4, 9, 2]), Math.min(...[4, 9, 2]));
console.log(Math.max(...[]));
const part = [2, 3];
console.log((three as any)(1, ...part, 99));
const a = [1, 2];
const b = [3, 4];
const merged = [0, ...a, ...b, 5];
console.log(merged, merged.length);
const copy = [...a];
copy.push(100);
console.log(a, copy);
console.log([..."héllo"]);
console.log([...new Set([1, 1, 2, 3, 3])]);
console.log([...new Map([["k", 1]])]);
const o1 = { x: 1, y: 2 };
const o2 = { y: 20, z: 30 };
console.log({ ...o1, ...o2 });
console.log({ ...o2, ...o1 });
console.log({ ...o1, y: 99 });
console.log({ y: 99, ...o1 });
console.log({ ...null, ...undefined, ...{ ok: true } });
console.log({ ..."ab" });
console.log({ ...[10, 20] });
const nested = { inner: { v: 1 } };
const shallow = { ...nested };
shallow.inner.v = 2;
console.log(nested.inner.v);
function restSpread(...xs: number[]) {
  return [...xs, ...xs];
}
console.log(restSpread(1, 2));
