// Exceptions propagating through callbacks, array methods and constructors
function each<T>(xs: T[], fn: (x: T) => void) {
  for (const x of xs) fn(x);
}
const seen: number[] = [];
try {
  each([1, 2, 3, 4], (x) => {
    if (x === 3) throw new Error("stop at " + x);
    seen.push(x);
  });
} catch (e: any) {
  console.log(e.message, seen);
}
try {
  [1, 2, 3].map((x) => {
    if (x === 2) throw new RangeError("map failed");
    return x;
  });
} catch (e: any) {
  console.log(e.name, e.message);
}
const sorted = [3, 1, 2];
try {
  sorted.sort(() => { throw new Error("compare failed"); });
} catch (e: any) {
  console.log(e.message, sorted.length);
}
class Strict {
  constructor(public v: number) {
    if (v < 0) throw new RangeError("negative: " + v);
  }
}
const made: Strict[] = [];
for (const v of [1, -2, 3]) {
  try {
    made.push(new Strict(v));
  } catch (e: any) {
    console.log("ctor threw", e.message);
  }
}
console.log(made.map((s) => s.v));
