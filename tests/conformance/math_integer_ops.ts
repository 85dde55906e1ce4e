// Integer arithmetic idioms: division, modulo, rounding, overflow to float
const divmod = (a: number, b: number) => [Math.floor(a / b), ((a % b) + b) % b];
console.log(divmod(7, 3), divmod(-7, 3), divmod(7, -3), divmod(0, 5));
console.log(7 % 3, -7 % 3, 7 % -3, -7 % -3);
console.log(Math.trunc(7 / 2), Math.trunc(-7 / 2), (7 / 2) | 0, (-7 / 2) | 0, ~~(-7 / 2));
const isEven = (n: number) => n % 2 === 0;
console.log([-2, -1, 0, 1, 2].map(isEven));
console.log(2 ** 31 - 1 + 1, (2 ** 31 - 1 + 1) | 0, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER * 2);
const digitsSum = (n: number) => String(Math.abs(n)).split("").reduce((s, d) => s + Number(d), 0);
console.log(digitsSum(12345), digitsSum(-909), digitsSum(0));
const reverseInt = (n: number) => Math.sign(n) * Number(String(Math.abs(n)).split("").reverse().join(""));
console.log(reverseInt(123), reverseInt(-450), reverseInt(0));
let h = 0;
for (const ch of "hash me") h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
console.log(h, h >>> 0);
console.log(Math.round(2.675 * 100) / 100, Math.round(1.005 * 100) / 100);
const lcm = (a: number, b: number) => { const g = (x: number, y: number): number => (y ? g(y, x % y) : x); return (a * b) / g(a, b); };
console.log(lcm(4, 6), lcm(21, 6), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].reduce(lcm));
console.log(0.1 * 10, 0.1 * 3 * 10, 1e16 + 1, 123456789 * 1000);
