// Recursion: factorial, fibonacci, deep structure walks
function fact(n: number): number {
  return n <= 1 ? 1 : n * fact(n - 1);
}
console.log(fact(0), fact(1), fact(10), fact(20));
function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}
console.log([0, 1, 2, 3, 10, 20].map(fib));
function sumTree(node: any): number {
  if (typeof node === "number") return node;
  let t = 0;
  for (const child of node) t += sumTree(child);
  return t;
}
console.log(sumTree([1, [2, [3, [4, [5]]]], 6]));
function flatten(arr: any[]): any[] {
  const out: any[] = [];
  for (const x of arr) {
    if (Array.isArray(x)) out.push(...flatten(x));
    else out.push(x);
  }
  return out;
}
console.log(flatten([1, [2, [3, [4]], 5], [[6]]]));
function depth(n: number): number {
  return n === 0 ? 0 : 1 + depth(n - 1);
}
console.log(depth(5000));
function hanoi(n: number, from: string, to: string, via: string, moves: string[]) {
  if (n === 0) return moves;
  hanoi(n - 1, from, via, to, moves);
  moves.push(from + to);
  hanoi(n - 1, via, to, from, moves);
  return moves;
}
console.log(hanoi(3, "A", "C", "B", []).join(" "));
function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
console.log(gcd(48, 18), gcd(17, 5), gcd(0, 9));
function power(base: number, exp: number): number {
  if (exp === 0) return 1;
  const half = power(base, Math.floor(exp / 2));
  return exp % 2 === 0 ? half * half : half * half * base;
}
console.log(power(2, 10), power(3, 13));
