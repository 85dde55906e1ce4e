// Loop counters that start one past (or before) another integer local,
// `for (let j = i + 1; ...)`: they live in integer registers like counters
// with a literal start, and every value must be the double's.

// The triangle of pairs, as n-body and sorting loops walk it.
function pairs(xs: number[]): string {
  const out: string[] = [];
  const n = xs.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) out.push(`${xs[i]}-${xs[j]}`);
  }
  return out.join(",");
}
console.log(pairs([10, 20, 30, 40]));
console.log(pairs([]));

// `i - 1` counting down, past zero into negatives; `% 2` of a negative and of zero.
function down(n: number): string {
  const out: (number | string)[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i - 1; j >= -2; j--) out.push(j, j % 2, Object.is(j % 2, -0) ? "-0" : "+0");
  }
  return out.join(" ");
}
console.log(down(3));

// Near 2^53: the start rounds as the double does, and steps stop there.
function top(): string {
  let i = 9007199254740990;
  i++;
  const out: number[] = [];
  for (let j = i + 1, k = 0; k < 3; j++, k++) out.push(j);
  i++;
  for (let j = i + 1, k = 0; k < 3; j++, k++) out.push(j);
  for (let j = i - 1, k = 0; k < 3; j--, k++) out.push(j);
  return out.join(" ");
}
console.log(top());

// Near -2^53, counting down.
function bottom(): string {
  let i = -9007199254740991;
  const out: number[] = [];
  for (let j = i - 1, k = 0; k < 3; j--, k++) out.push(j);
  for (let j = i + 1, k = 0; k < 3; j--, k++) out.push(j);
  return out.join(" ");
}
console.log(bottom());

// A counter whose base is a bitwise result, and one read after the loop.
function masked(seed: number): string {
  let h = seed | 0;
  h ^= h << 5;
  let last = -1;
  let count = 0;
  for (let j = h + 1; j < h + 4; j++) {
    last = j;
    count++;
  }
  return `${h} ${last} ${count}`;
}
console.log(masked(7), masked(-123456789), masked(2147483647));

// Element indexing with such a counter: holes, out of range, a sparse tail.
function reads(): string {
  const xs: (number | undefined)[] = [1, , 3];
  xs[6] = 7;
  const out: string[] = [];
  for (let i = -1; i < 3; i++) {
    for (let j = i + 1; j < 8; j++) out.push(String(xs[j]));
  }
  return out.join(",");
}
console.log(reads());

// The counter captured by a closure made in its loop: each sees its own value.
function captured(): number[] {
  const fs: (() => number)[] = [];
  for (let i = 0; i < 2; i++) {
    for (let j = i + 1; j < 3; j++) fs.push(() => j);
  }
  return fs.map((f) => f());
}
console.log(captured().join(" "));
