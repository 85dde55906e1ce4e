// Array.prototype's callback methods run inline (the loop in the caller)
// while the array is an Array, the method the built-in and the callback a
// function. Each observable step must match the built-in's.

const base = [5, 1, 4, 2, 3];
console.log(
  base.map((v, i, a) => v * 10 + i + a.length),
  base.filter((v) => v % 2 === 1),
  base.some((v) => v > 4),
  base.every((v) => v > 0),
  base.find((v) => v < 3),
  base.findIndex((v) => v === 2),
  base.reduce((acc, v, i) => acc + v * i, 100),
);
let seen: unknown[] = [];
base.forEach(function (this: { tag: string }, v, i) {
  seen.push(`${this.tag}${v}@${i}`);
}, { tag: "t" });
console.log(seen.join(" "));
console.log([].map((x) => x), [].filter((x) => x), [].some((x) => x), [].every((x) => x), [].find((x) => x), [].findIndex((x) => x), [].reduce((a, x) => a, "init"));

// Holes: skipped by all but find/findIndex; map keeps them.
const sparse = [1, , 3, , 5];
seen = [];
sparse.forEach((v, i) => seen.push(i));
console.log(seen.join(","), JSON.stringify(sparse.map((v) => v * 2)), 1 in sparse.map((v) => v), sparse.map((v) => v).length);
seen = [];
sparse.find((v, i) => {
  seen.push(`${i}:${v}`);
  return false;
});
console.log(seen.join(","), sparse.findIndex((v) => v === undefined), sparse.filter(() => true).length, sparse.reduce((a, v) => a + v, 0));
(Array.prototype as any)[1] = "from proto";
console.log(sparse.map((v) => v), sparse.filter((v) => typeof v === "string"));
delete (Array.prototype as any)[1];

// The callback changes the array: the length is read once.
const grow = [1, 2, 3];
seen = [];
grow.forEach((v, i, a) => {
  if (i === 0) a.push(99);
  seen.push(v);
});
console.log(seen.join(","), grow.length);
const shrink = [1, 2, 3, 4, 5];
seen = [];
shrink.forEach((v, i, a) => {
  if (i === 1) a.length = 3;
  seen.push(v);
});
console.log(seen.join(","));
const ahead = [1, 2, 3];
console.log(ahead.map((v, i, a) => {
  if (i === 0) a[2] = 30;
  return v;
}));
seen = [];
[1, 2, 3].find((v, i, a) => {
  if (i === 0) a.pop();
  seen.push(`${i}:${v}`);
  return false;
});
console.log(seen.join(","));

// Overridden methods, own properties, proxies and subclasses.
const own = [1, 2, 3] as number[] & { map?: unknown };
(own as any).map = () => "own map";
console.log((own as any).map((x: number) => x));
const savedMap = Array.prototype.map;
(Array.prototype as any).map = function () {
  return "patched";
};
console.log([1, 2].map((x) => x));
Array.prototype.map = savedMap;
console.log([1, 2].map((x) => x + 1));
const px = new Proxy([1, 2, 3], {});
console.log(px.map((x) => x * 3), px.filter((x) => x > 1));
class MyArray<T> extends Array<T> {}
const mine = MyArray.from([1, 2, 3]) as MyArray<number>;
const mapped = mine.map((x) => x * 2);
console.log(mapped instanceof MyArray, mapped.constructor.name, [...mapped], mine.filter((x) => x > 1) instanceof MyArray);

// Errors: not callable, a class, a throwing callback.
for (const bad of [undefined, 42, "f", {}, class K {}]) {
  try {
    [1].map(bad as any);
    console.log("no error");
  } catch (e) {
    console.log((e as Error).constructor.name, (e as Error).message);
  }
}
try {
  [1, 2, 3].forEach((v) => {
    if (v === 2) throw new Error("stop at " + v);
  });
} catch (e) {
  console.log((e as Error).message);
}

// Allocation in callbacks (the loop's values survive collections).
const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
const lens = words.map((w) => ({ w, n: w.length, tag: `${w}-${w}` })).filter((o) => o.n > 2).map((o) => o.tag);
console.log(lens.length, lens[0], lens[lens.length - 1], words.reduce((a, w) => a + w.length, 0));
console.log([3, 1, 2].some((v, i, a) => a === undefined), [3, 1, 2].every((v) => typeof v === "number"));
