// Loops that index arrays without calling functions read and write the
// elements through a cache of the array's elements and length; anything a
// slow path does to the array (grow, shrink, freeze, delete, move it in a
// collection) must be seen by the next access.

function sumSquares(a: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * a[i];
  return s;
}
console.log(sumSquares([1, 2, 3, 4]));

// A valueOf that shrinks the array while the loop runs.
const shrink: number[] = [1, 2, 3, 4, 5, 6];
const shrinker = { valueOf() { shrink.length = 3; return 10; } };
const seen: unknown[] = [];
for (let i = 0; i < 6; i++) {
  seen.push(shrink[i]);
  if (i === 1) shrink[i] = (shrinker as unknown as number) + shrink[i];
}
console.log(seen.join(","), shrink.length);

// Growing past the length: the store takes the runtime path, later reads
// see the new elements.
const grow: number[] = [0];
let k = 0;
while (k < 20) {
  grow[grow.length] = k * 2;
  k++;
}
let total = 0;
for (let i = 0; i < grow.length; i++) total += grow[i];
console.log(grow.length, total);

// A valueOf that freezes the array: later stores must throw (module code
// is strict).
const frozen: number[] = [1, 2, 3, 4];
const freezer = { valueOf() { Object.freeze(frozen); return 1; } };
try {
  for (let i = 0; i < 4; i++) frozen[i] = frozen[i] + (i === 1 ? (freezer as unknown as number) : 0);
} catch (e) {
  console.log((e as Error).constructor.name, frozen.join(","));
}

// A hole made by a slow path reads as undefined.
const holes: (number | undefined)[] = [1, 2, 3, 4];
const deleter = { valueOf() { delete holes[3]; return 0; } };
const got: unknown[] = [];
for (let i = 0; i < 4; i++) {
  got.push(holes[i]);
  if (i === 0) holes[0] = (holes[0] as number) + (deleter as unknown as number);
}
console.log(got.map(String).join(","), 3 in holes);

// String elements: each concatenation allocates (and may collect and move
// the elements).
const words: string[] = [];
for (let i = 0; i < 50; i++) words.push("w" + i);
for (let r = 0; r < 20; r++) {
  for (let i = 0; i < words.length; i++) words[i] = words[i] + (i % 10);
}
console.log(words[0].length, words[49].slice(0, 8), words[17].length);

// Nested loops: an outer loop's cached arrays across an inner loop, a
// labelled continue out of the inner loop, and an exception caught in the
// outer body.
const outer: number[] = [1, 2, 3, 4, 5];
const inner: number[] = [10, 20, 30];
let acc = 0;
const bomb = { valueOf(): number { throw new RangeError("boom"); } };
rows: for (let i = 0; i < outer.length; i++) {
  acc += outer[i];
  try {
    for (let j = 0; j < inner.length; j++) {
      if (j === 1 && i === 2) continue rows;
      if (j === 2 && i === 3) acc += inner[j] * (bomb as unknown as number);
      acc += inner[j] * outer[i];
      outer[i] = outer[i] + 1;
    }
  } catch (e) {
    acc += 1000;
    outer[i] = -outer[i];
  }
  acc += outer[i];
}
console.log(acc, outer.join(","));

// Values that are not arrays: typed arrays, strings, objects with index
// keys, and an array-like whose binding is never an array.
const f64 = new Float64Array([0.5, 1.5, 2.5]);
const str = "abc";
const obj: { [k: number]: number } = { 0: 7, 1: 8, 2: 9 };
const parts: string[] = [];
for (let i = 0; i < 3; i++) parts.push(String(f64[i]) + str[i] + obj[i]);
let f = 0;
for (let i = 0; i < 3; i++) {
  f += f64[i];
  f64[i] = f64[i] * 2;
  obj[i] = obj[i] + 1;
}
console.log(parts.join(" "), f, f64.join(","), obj[0], obj[2]);

// Index keys that are not integers, negative or past the end.
const mixed: number[] = [1, 2, 3];
const keys = [0, 1.5, -1, 2, 3, "1", NaN];
let out = "";
for (let i = 0; i < keys.length; i++) out += String(mixed[keys[i] as number]) + " ";
console.log(out);

// do-while and while loops.
const dw: number[] = [3, 1, 4, 1, 5, 9, 2, 6];
let m = 0;
let p = 0;
do {
  if (dw[p] > m) m = dw[p];
  dw[p] = dw[p] * 10;
  p++;
} while (p < dw.length);
console.log(m, dw.join(","));

// A big matrix product (many minor collections under stress).
function mul(a: number[][], b: number[][], n: number): number[][] {
  const c: number[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<number>(n).fill(0);
    const ai = a[i];
    for (let kk = 0; kk < n; kk++) {
      const aik = ai[kk];
      const bk = b[kk];
      for (let j = 0; j < n; j++) row[j] += aik * bk[j];
    }
    c.push(row);
  }
  return c;
}
const n = 24;
const A: number[][] = [];
for (let i = 0; i < n; i++) {
  const r: number[] = [];
  for (let j = 0; j < n; j++) r.push(((i * 7 + j * 3) % 11) - 5);
  A.push(r);
}
const C = mul(mul(A, A, n), A, n);
let cs = 0;
for (const r of C) for (const x of r) cs += x;
console.log(cs, C[3][5], C[n - 1][n - 1]);
