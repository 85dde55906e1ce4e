// Number.isFinite, isInteger, isNaN and isSafeInteger of the global Number run inline while
// they are the built-ins (no coercion: anything but a number is false); patched, the call.
const vals: unknown[] = [0, -0, 1.5, -7, 2 ** 53, 2 ** 53 - 1, -(2 ** 53 - 1), NaN, Infinity, -Infinity, "5", null, undefined, true, 5n, {}, [], 1e300, 5e-324];
for (const v of vals) console.log(String(v), Number.isFinite(v), Number.isInteger(v), Number.isNaN(v), Number.isSafeInteger(v));
let n = 0;
for (let i = 0; i < 1000; i++) { const x = i / 7; if (Number.isInteger(x)) n++; if (Number.isFinite(1 / (i - 500))) n += 2; }
console.log(n);
const saved = Number.isFinite;
(Number as any).isFinite = (x: unknown) => "patched " + String(x);
console.log(Number.isFinite(3));
(Number as any).isFinite = saved;
console.log(Number.isFinite(3), Number.isInteger.call(null, 4), [1, 2.5, "3"].map(Number.isInteger));
