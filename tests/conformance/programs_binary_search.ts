// Binary search variants on sorted arrays
function binarySearch(xs: number[], target: number): number {
  let lo = 0, hi = xs.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] === target) return mid;
    if (xs[mid] < target) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
function lowerBound(xs: number[], target: number): number {
  let lo = 0, hi = xs.length;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (xs[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
const sorted = [1, 3, 3, 3, 5, 8, 13, 21, 34, 55];
for (const t of [1, 3, 4, 55, 0, 100, 21]) {
  console.log(t, binarySearch(sorted, t), lowerBound(sorted, t));
}
console.log(binarySearch([], 1), lowerBound([], 1));
const big = Array.from({ length: 100000 }, (_, i) => i * 2);
let steps = 0;
let lo = 0, hi = big.length - 1;
const target = 77778;
while (lo <= hi) {
  steps++;
  const mid = (lo + hi) >>> 1;
  if (big[mid] === target) { console.log("found at", mid, "in", steps, "steps"); break; }
  if (big[mid] < target) lo = mid + 1; else hi = mid - 1;
}
function sqrtInt(n: number) {
  let l = 0, h = n;
  while (l < h) {
    const m = Math.ceil((l + h) / 2);
    if (m * m <= n) l = m; else h = m - 1;
  }
  return l;
}
console.log([0, 1, 15, 16, 17, 1000000, 999999].map(sqrtInt).join(" "));
