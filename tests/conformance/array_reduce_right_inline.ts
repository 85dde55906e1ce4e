// reduceRight with an initial value, run inline: the order, the arguments,
// holes, a callback that shrinks or grows the array, a patched method, and
// objects that are not arrays.

const xs = [1, 2, 3, 4, 5];
console.log(xs.reduceRight((acc, v, i, a) => acc + `${v}@${i}/${a.length} `, ""));
console.log([].reduceRight((acc: number, v: number) => acc + v, 42));
console.log([, 1, , 2, ,].reduceRight((acc: string, v: number, i: number) => acc + `${v}:${i},`, "holes "));

// The callback shrinks the array: indices past the new length are skipped.
const shrink = [1, 2, 3, 4, 5, 6];
console.log(shrink.reduceRight((acc: number[], v: number, i: number, a: number[]) => {
  if (i === 4) a.length = 2;
  acc.push(v);
  return acc;
}, [] as number[]).join(","));

// The callback grows the array: the new elements are not visited.
const grow = [1, 2, 3];
console.log(grow.reduceRight((acc: number, v: number, i: number, a: number[]) => {
  a.push(v * 10);
  return acc + v;
}, 0), grow.join(","));

// The callback deletes an element still to come.
const del = [1, 2, 3, 4];
console.log(del.reduceRight((acc: string, v: number, i: number, a: number[]) => {
  if (i === 3) delete a[1];
  return acc + v;
}, ""));

// compose, the classic use.
const compose = (...fns: ((x: number) => number)[]) => (x: number) => fns.reduceRight((acc, f) => f(acc), x);
const inc = (x: number) => x + 1;
const dbl = (x: number) => x * 2;
console.log(compose(inc, dbl)(5), compose(dbl, inc)(5), compose()(7));

// An exception from the callback.
try {
  [1, 2, 3].reduceRight((acc, v) => {
    if (v === 2) throw new Error("stop at " + acc);
    return acc + v;
  }, 0);
} catch (e) {
  console.log((e as Error).message);
}

// Not a function.
try {
  [1].reduceRight(null as unknown as () => number, 0);
} catch (e) {
  console.log((e as Error).constructor.name);
}

// A subclass, a frozen array, an array-like.
class Stack extends Array<number> {}
const st = Stack.from([1, 2, 3]);
console.log(st.reduceRight((acc, v) => acc * 10 + v, 0));
console.log(Object.freeze([4, 5, 6]).reduceRight((acc, v) => acc + v, 0));
console.log(Array.prototype.reduceRight.call({ length: 3, 0: "a", 1: "b", 2: "c" }, (acc: string, v: string) => acc + v, ""));

// A patched method is called instead.
const saved = Array.prototype.reduceRight;
(Array.prototype as unknown as { reduceRight: unknown }).reduceRight = function () {
  return "patched";
};
console.log([1, 2].reduceRight((a: number, b: number) => a + b, 0));
Array.prototype.reduceRight = saved;
console.log([1, 2].reduceRight((a: number, b: number) => a + b, 0));

// Allocation in the callback, under collections.
let total = 0;
for (let r = 0; r < 200; r++) {
  const objs = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({ n }));
  total += objs.reduceRight((acc, o) => ({ n: acc.n + o.n }), { n: 0 }).n;
}
console.log(total);
