// Math.round, floor, ceil, trunc, sign, abs on edge cases
const vals = [2.5, -2.5, 2.4, -2.6, 0.5, -0.5, 1.5, -1.5, 0, -0, 7, NaN, Infinity, -Infinity, 1e21, -1e-10];
for (const v of vals) {
  console.log(v, Math.round(v), Math.floor(v), Math.ceil(v), Math.trunc(v), Math.sign(v), Math.abs(v));
}
console.log(Math.round(0.49999999999999994), Math.round(4503599627370495.5), Math.round(-4.5));
console.log(Math.floor("3.7" as any), Math.ceil(null as any), Math.abs("-5" as any), Math.trunc(undefined as any));
console.log(Math.abs(-Infinity), Math.sign("-3" as any), Math.sign(-0.0001));
const roundTo = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;
console.log(roundTo(1.2345, 2), roundTo(-1.2355, 3), roundTo(123.5, 0), roundTo(0.5, 0));
console.log([0.1, 0.9, 1.1, 1.9].map(Math.round), [0.1, 0.9, -0.1, -0.9].map(Math.floor));
console.log([0.1, 0.9, -0.1, -0.9].map(Math.ceil), [0.1, 0.9, -0.1, -0.9].map(Math.trunc));
console.log(Math.round(Number.MAX_SAFE_INTEGER), Math.floor(-Number.MIN_VALUE), Math.ceil(Number.MIN_VALUE));
const values = [3.7, -3.7, 3.2, -3.2];
for (const v of values) console.log(v, [Math.round(v), Math.floor(v), Math.ceil(v), Math.trunc(v)].join(" "));
console.log(Math.sign(5), Math.sign(-5), Math.sign(0), Math.sign(NaN), Math.sign(Infinity));
