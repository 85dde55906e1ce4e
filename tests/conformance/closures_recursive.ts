// Closures that refer to themselves and recursive closures over shared state
const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
console.log(fact(10));
function makeWalker() {
  const visited: string[] = [];
  const walk = (node: any, depth: number): void => {
    visited.push("  ".repeat(depth) + node.name);
    for (const c of node.children ?? []) walk(c, depth + 1);
  };
  return { walk, visited };
}
const w = makeWalker();
w.walk({ name: "root", children: [{ name: "a", children: [{ name: "a1" }] }, { name: "b" }] }, 0);
console.log(w.visited.join("\n"));
function memoFib() {
  const memo = new Map<number, number>();
  const fib = (n: number): number => {
    if (n < 2) return n;
    if (!memo.has(n)) memo.set(n, fib(n - 1) + fib(n - 2));
    return memo.get(n)!;
  };
  return { fib, size: () => memo.size };
}
const mf = memoFib();
console.log(mf.fib(60), mf.size());
let countdownLog: number[] = [];
const countdown = function tick(n: number) {
  countdownLog.push(n);
  if (n > 0) tick(n - 1);
};
countdown(5);
console.log(countdownLog);
function trampoline(f: any) {
  while (typeof f === "function") f = f();
  return f;
}
const sumTo = (n: number, acc = 0): any => (n === 0 ? acc : () => sumTo(n - 1, acc + n));
console.log(trampoline(sumTo(100000)));
