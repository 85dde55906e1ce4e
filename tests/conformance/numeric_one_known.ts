// Operators with one side a number by construction and the other of any
// type: the result is a number (or the operator throws), taken on the slow
// path from the runtime and on the fast path inline.

const values: unknown[] = [
  5, -0, 2.5, NaN, Infinity, -7, 2 ** 31, 2 ** 32 + 3, -(2 ** 31) - 1,
  "12", "0x10", " 7 ", "", "abc", true, false, null, undefined,
  { valueOf: () => 9 }, { toString: () => "4" }, [3], [], new Date(0),
];

function show(x: unknown): string {
  return Object.is(x, -0) ? "-0" : String(x);
}

for (const v of values) {
  const x = v as number;
  const out = [
    x | 0, x & 3, x ^ 1, x << 2, x >> 1, x >>> 0, 0 | x, 255 & x,
    x - 1, x * 2, x / 4, x % 3, x ** 2, 1 - x, 2 * x, 10 % x,
  ].map(show);
  // Results used again as numbers: indexing, arithmetic, comparison.
  const arr = [10, 20, 30, 40];
  const i = (x & 3) as number;
  const j = x | 0;
  out.push(show(arr[i]), show(j + 1), show((x - 1) * 2 < 5), show(((x >>> 0) % 7) | 0));
  console.log(show(v), out.join(" "));
}

// BigInt on the other side: the operators do not mix them.
const ops: [string, (a: number, b: number) => number][] = [
  ["|", (a, b) => a | b],
  ["&", (a, b) => a & b],
  ["^", (a, b) => a ^ b],
  ["<<", (a, b) => a << b],
  [">>", (a, b) => a >> b],
  [">>>", (a, b) => a >>> b],
  ["-", (a, b) => a - b],
  ["*", (a, b) => a * b],
  ["/", (a, b) => a / b],
  ["%", (a, b) => a % b],
  ["**", (a, b) => a ** b],
];
for (const [op, f] of ops) {
  try {
    console.log(op, "no throw", String(f(3n as unknown as number, 1)));
  } catch (e) {
    console.log(op, (e as Error).constructor.name, (e as Error).message);
  }
}
function mixes(b: number): string {
  const out: string[] = [];
  for (const f of [() => b | 0, () => b & 1, () => b >>> 0, () => b - 1, () => b * 2, () => 2 ** b]) {
    try {
      out.push(String(f()));
    } catch (e) {
      out.push((e as Error).constructor.name);
    }
  }
  return out.join(",");
}
console.log("bigint", mixes(5n as unknown as number), "number", mixes(5));

// A valueOf with effects runs once.
let calls = 0;
const counted = {
  valueOf() {
    calls++;
    return 6;
  },
};
console.log((counted as unknown as number) | 0, (counted as unknown as number) - 1, calls);

// A hash loop of the kind servers run, over strings and mixed values.
let h = 0;
const keys: unknown[] = ["a", "bb", 3, "ccc", null, { valueOf: () => 17 }];
for (let r = 0; r < 1000; r++) {
  for (const k of keys) {
    h = (h * 31 + (String(k).length | 0)) | 0;
    h = (h ^ ((k as number) >>> 1)) & 0xffffff;
  }
}
console.log("hash", h);
