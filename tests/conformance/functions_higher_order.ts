// Higher-order functions: compose, pipe, partial application, callbacks
const compose = <T>(...fns: ((x: T) => T)[]) => (x: T) => fns.reduceRight((acc, f) => f(acc), x);
const pipe = <T>(...fns: ((x: T) => T)[]) => (x: T) => fns.reduce((acc, f) => f(acc), x);
const inc = (x: number) => x + 1;
const dbl = (x: number) => x * 2;
const sq = (x: number) => x * x;
console.log(compose(inc, dbl, sq)(3));
console.log(pipe(inc, dbl, sq)(3));
console.log(compose<number>()(7));
function partial(fn: (...a: number[]) => number, ...preset: number[]) {
  return (...later: number[]) => fn(...preset, ...later);
}
const add3 = (a: number, b: number, c: number) => a + b + c;
console.log(partial(add3 as any, 1)(2, 3), partial(add3 as any, 1, 2)(3));
function times(n: number, fn: (i: number) => void) {
  for (let i = 0; i < n; i++) fn(i);
}
const collected: number[] = [];
times(4, (i) => collected.push(i * i));
console.log(collected);
function once<T>(fn: () => T) {
  let done = false;
  let result: T;
  return () => {
    if (!done) {
      done = true;
      result = fn();
    }
    return result!;
  };
}
let runs = 0;
const init = once(() => ++runs);
console.log(init(), init(), init(), runs);
function memoize(fn: (n: number) => number) {
  const cache = new Map<number, number>();
  return (n: number) => {
    if (cache.has(n)) return cache.get(n)!;
    const v = fn(n);
    cache.set(n, v);
    return v;
  };
}
let slowCalls = 0;
const slowSquare = memoize((n) => { slowCalls++; return n * n; });
console.log(slowSquare(4), slowSquare(4), slowSquare(5), slowCalls);
const flip = <A, B, R>(f: (a: A, b: B) => R) => (b: B, a: A) => f(a, b);
console.log(flip((a: string, b: string) => a + b)("x", "y"));
