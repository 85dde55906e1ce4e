// `c[i]` on a `const` binding: whether the value is an array is tested once
// at the declaration; everything else about the array can still change.

function sum(n: number): number {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(i * 3);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i];
  a.length = 2;
  s += a[5] === undefined ? 1000 : 0;
  a[10] = 7;
  s += a[10] + (a[9] === undefined ? 1 : 0);
  return s;
}
console.log(sum(10));

// Not arrays: strings, objects with numeric keys, array-likes, typed values.
function others(): any[] {
  const s = "hello";
  const o: any = { 0: "zero", 1: "one", length: 2 };
  const n: any = 42;
  const u: any = undefined;
  let err = "";
  try {
    u[0];
  } catch (e) {
    err = (e as Error).constructor.name;
  }
  return [s[1], s[9], o[0], o[1], n[0], err];
}
console.log(others());

// Holes and prototype elements take the general path.
function holes(): any[] {
  const a: any[] = [1, , 3];
  (Array.prototype as any)[1] = "proto";
  const r = [a[0], a[1], a[2]];
  delete (Array.prototype as any)[1];
  return r;
}
console.log(holes());

// A switch case entered past the declaration is in the TDZ.
function tdz(k: number): string {
  switch (k) {
    case 0:
      const a = ["a0"];
      return a[0];
    default:
      try {
        return (a as any)[0];
      } catch (e) {
        return (e as Error).constructor.name;
      }
  }
}
console.log(tdz(0), tdz(1));

// Non-integral and out-of-range indices.
function keys(): any[] {
  const a: any = [10, 20, 30];
  a["1.5"] = "x";
  a[-1] = "neg";
  return [a[1.5], a[-1], a[-0], a[2 ** 32], a["2"], a[NaN]];
}
console.log(keys());
