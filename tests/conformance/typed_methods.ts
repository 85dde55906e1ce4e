// %TypedArray%.prototype methods across element types.
const ctors = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array];
function show(x: unknown): string {
  if (ArrayBuffer.isView(x)) return (x as any).constructor.name + "[" + Array.from(x as any).join(",") + "]";
  return String(x);
}
function err(f: () => unknown): string {
  try {
    return "no error: " + show(f());
  } catch (e) {
    return (e as Error).constructor.name + ": " + (e as Error).message;
  }
}
for (const C of ctors) {
  const a = new C([5, 1, 4, 2, 3]);
  console.log(C.name);
  console.log(" at", a.at(0), a.at(-1), a.at(9), a.at(-9));
  console.log(" copyWithin", show(new C([1, 2, 3, 4, 5]).copyWithin(0, 3)), show(new C([1, 2, 3, 4, 5]).copyWithin(1, 0, 3)), show(new C([1, 2, 3, 4, 5]).copyWithin(-2, -4, -3)));
  console.log(" entries", JSON.stringify([...a.entries()]), [...a.keys()].join(), [...a.values()].join(), [...a].join());
  console.log(" every/some", a.every((x) => x > 0), a.every((x) => x > 1), a.some((x) => x > 4), a.some((x) => x > 5));
  console.log(" fill", show(new C(4).fill(7)), show(new C(4).fill(3, 1)), show(new C(4).fill(9, 1, -1)), show(new C(3).fill(-1.5 as any)));
  console.log(" filter", show(a.filter((x) => x % 2 === 1)), show(a.filter(() => false)));
  console.log(" find", a.find((x) => x < 3), a.findIndex((x) => x < 3), a.findLast((x) => x < 3), a.findLastIndex((x) => x < 3), a.find((x) => x > 9), a.findIndex((x) => x > 9));
  const seen: string[] = [];
  a.forEach(function (this: any, x, i, arr) {
    seen.push(`${x}@${i}:${arr === a}:${this}`);
  }, "T");
  console.log(" forEach", seen.join(" "));
  console.log(" includes", a.includes(4), a.includes(6), a.includes(4, 3), a.includes(5, -5), new C(2).includes(0), new C([NaN as any]).includes(NaN));
  console.log(" indexOf", a.indexOf(4), a.indexOf(4, 3), a.indexOf(9), a.lastIndexOf(4), a.lastIndexOf(4, 1), a.lastIndexOf(3, -1), a.indexOf("4" as any));
  console.log(" join", a.join(), a.join(" - "), a.join(undefined), new C(0).join(), a.toString(), a.toLocaleString());
  console.log(" map", show(a.map((x) => x * 100)), show(a.map((x, i) => i)));
  console.log(" reduce", a.reduce((s, x) => s + x), a.reduce((s, x) => s + "," + x, ""), a.reduceRight((s, x) => s + "," + x, ""), err(() => new C(0).reduce((s, x) => s + x)));
  console.log(" reverse", show(new C([1, 2, 3]).reverse()), show(new C([1, 2, 3, 4]).reverse()), show(a.toReversed()), show(a));
  const t = new C(6);
  t.set([1, 2]);
  t.set(new C([3, 4]), 2);
  t.set(new Float64Array([5.5]), 4);
  console.log(" set", show(t), err(() => t.set([1, 2, 3], 4)), err(() => t.set([1], -1)));
  const overlap = new C([1, 2, 3, 4, 5, 6]);
  overlap.set(overlap.subarray(0, 4), 2);
  console.log(" set overlapping", show(overlap));
  console.log(" slice", show(a.slice()), show(a.slice(1, 3)), show(a.slice(-2)), show(a.slice(3, 1)));
  console.log(" sort", show(new C([3, 1, 2, 10]).sort()), show(new C([3, 1, 2, 10]).sort((x, y) => y - x)), show(a.toSorted()), show(a));
  const sub = a.subarray(1, 4);
  sub[0] = 9;
  console.log(" subarray", show(sub), sub.byteOffset, sub.length, show(a), show(a.subarray(-2)), show(a.subarray(4, 2)), sub.buffer === a.buffer);
  console.log(" with", show(a.with(0, 8)), show(a.with(-1, 7)), err(() => a.with(5, 1)), err(() => a.with(-6, 1)));
}
// Float specifics: NaN and -0 in sort, includes and indexOf.
const f = new Float64Array([3, NaN, -0, 0, -Infinity, 1]);
console.log(Array.from(f.toSorted()).map((x) => (Object.is(x, -0) ? "-0" : x)).join(), f.includes(NaN), f.indexOf(NaN), f.indexOf(0), f.lastIndexOf(-0));
// Errors.
const TA = Object.getPrototypeOf(Int8Array.prototype);
console.log(err(() => TA.map.call([1], (x: number) => x)));
console.log(err(() => TA.at.call({}, 0)));
console.log(err(() => new Int8Array(2).map(5 as any)));
console.log(err(() => new Int8Array(2).sort(5 as any)));
console.log(err(() => Object.getOwnPropertyDescriptor(TA, "length")!.get!.call([])));
console.log(TA.toString === Array.prototype.toString, TA[Symbol.iterator] === TA.values, TA[Symbol.toStringTag], Object.getOwnPropertyDescriptor(TA, Symbol.toStringTag)!.get!.call(3));
// Species.
class Tracked extends Int16Array {
  static get [Symbol.species]() {
    return Float64Array;
  }
}
const tr = new Tracked([1, 2, 3]);
console.log(show(tr.map((x) => x / 2)), show(tr.slice(1)), show(tr.filter((x) => x > 1)), err(() => tr.subarray(1)));
