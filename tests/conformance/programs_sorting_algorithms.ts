// Hand-written sorting algorithms compared with Array.prototype.sort
function bubble(a: number[]) {
  const x = a.slice();
  for (let i = 0; i < x.length; i++)
    for (let j = 0; j < x.length - 1 - i; j++)
      if (x[j] > x[j + 1]) [x[j], x[j + 1]] = [x[j + 1], x[j]];
  return x;
}
function insertion(a: number[]) {
  const x = a.slice();
  for (let i = 1; i < x.length; i++) {
    const v = x[i];
    let j = i - 1;
    while (j >= 0 && x[j] > v) {
      x[j + 1] = x[j];
      j--;
    }
    x[j + 1] = v;
  }
  return x;
}
function mergeSort(a: number[]): number[] {
  if (a.length <= 1) return a;
  const mid = a.length >> 1;
  const l = mergeSort(a.slice(0, mid)), r = mergeSort(a.slice(mid));
  const out: number[] = [];
  let i = 0, j = 0;
  while (i < l.length && j < r.length) out.push(l[i] <= r[j] ? l[i++] : r[j++]);
  return out.concat(l.slice(i), r.slice(j));
}
function quick(a: number[]): number[] {
  if (a.length <= 1) return a;
  const [p, ...rest] = a;
  return [...quick(rest.filter((x) => x < p)), p, ...quick(rest.filter((x) => x >= p))];
}
let seed = 42;
const rand = () => (seed = (seed * 16807) % 2147483647) % 1000;
const data = Array.from({ length: 30 }, rand);
console.log(data.join(","));
const expected = data.slice().sort((a, b) => a - b);
for (const [name, fn] of [["bubble", bubble], ["insertion", insertion], ["merge", mergeSort], ["quick", quick]] as const) {
  const r = fn(data);
  console.log(name, r.join(",") === expected.join(","), r.slice(0, 5).join(","));
}
console.log(mergeSort([]), quick([1]), insertion([2, 1]), bubble([3, 3, 1]));
console.log(data.length, expected[0], expected[expected.length - 1]);
