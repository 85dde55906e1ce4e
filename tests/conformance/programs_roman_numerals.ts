// Roman numeral conversion in both directions with validation
const table: [number, string][] = [
  [1000, "M"], [900, "CM"], [500, "D"], [400, "CD"], [100, "C"], [90, "XC"],
  [50, "L"], [40, "XL"], [10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"],
];
function toRoman(n: number): string {
  if (!Number.isInteger(n) || n <= 0 || n >= 4000) throw new RangeError(`cannot convert ${n}`);
  let out = "";
  for (const [v, s] of table) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}
const values: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
function fromRoman(s: string): number {
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const cur = values[s[i]];
    if (cur === undefined) throw new SyntaxError(`bad numeral ${s[i]}`);
    const nxt = values[s[i + 1]] ?? 0;
    total += cur < nxt ? -cur : cur;
  }
  return total;
}
for (const n of [1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999]) {
  const r = toRoman(n);
  console.log(n, r, fromRoman(r) === n);
}
for (const bad of [0, -1, 4000, 2.5]) {
  try { toRoman(bad); } catch (e: any) { console.log(e.name, e.message); }
}
try { fromRoman("XIZ"); } catch (e: any) { console.log(e.name, e.message); }
let ok = true;
for (let i = 1; i < 4000; i++) if (fromRoman(toRoman(i)) !== i) ok = false;
console.log("round trip 1..3999:", ok);
