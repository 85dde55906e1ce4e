// Matrix operations: multiply, transpose, identity, determinant, power
type M = number[][];
const mul = (a: M, b: M): M => a.map((row) => b[0].map((_, j) => row.reduce((s, v, k) => s + v * b[k][j], 0)));
const transpose = (a: M): M => a[0].map((_, j) => a.map((r) => r[j]));
const identity = (n: number): M => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
function det(a: M): number {
  if (a.length === 1) return a[0][0];
  if (a.length === 2) return a[0][0] * a[1][1] - a[0][1] * a[1][0];
  let d = 0;
  for (let j = 0; j < a.length; j++) {
    const minor = a.slice(1).map((r) => r.filter((_, k) => k !== j));
    d += (j % 2 === 0 ? 1 : -1) * a[0][j] * det(minor);
  }
  return d;
}
function power(a: M, n: number): M {
  let result = identity(a.length);
  let base = a;
  while (n > 0) {
    if (n & 1) result = mul(result, base);
    base = mul(base, base);
    n >>= 1;
  }
  return result;
}
const A = [[1, 2], [3, 4]];
const B = [[5, 6], [7, 8]];
console.log(mul(A, B));
console.log(transpose([[1, 2, 3], [4, 5, 6]]));
console.log(identity(3));
console.log(det(A), det([[2, 0, 1], [1, 3, 2], [1, 1, 1]]), det(identity(4)));
console.log(power([[1, 1], [1, 0]], 30)[0][1]);
console.log(mul([[1, 2, 3]], [[4], [5], [6]]));
const show = (m: M) => m.map((r) => r.map((v) => String(v).padStart(4)).join("")).join("\n");
console.log(show(mul(A, identity(2))));
console.log(show(power(A, 3)));
