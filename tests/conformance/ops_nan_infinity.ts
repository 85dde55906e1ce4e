// NaN and Infinity arithmetic
console.log(NaN + 1, NaN * 0, NaN - NaN, NaN ** 0, 0 / 0);
console.log(1 / 0, -1 / 0, Infinity - Infinity, Infinity * 0, Infinity / Infinity);
console.log(Infinity + 1, Infinity * -1, -Infinity * -Infinity, 1 / Infinity, -1 / Infinity);
console.log(Infinity % 2, 5 % Infinity, 5 % 0, -5 % Infinity);
console.log(NaN === NaN, NaN == NaN, NaN !== NaN, Object.is(NaN, NaN));
console.log(NaN < 1, NaN > 1, NaN <= NaN, NaN >= NaN);
console.log(Infinity === Infinity, Infinity > 1e308, -Infinity < -1e308);
console.log(Infinity ** 0, 1 ** Infinity, 2 ** Infinity, 0.5 ** Infinity, 2 ** -Infinity);
console.log(Math.max(NaN, 1), Math.min(1, NaN), Math.max(), Math.min());
console.log(isNaN(NaN), isNaN(Infinity), isFinite(Infinity), isFinite(1e308));
console.log(Number.MAX_VALUE * 2, -Number.MAX_VALUE * 2);
console.log(String(NaN), String(Infinity), String(-Infinity));
console.log([NaN, Infinity, -Infinity]);
console.log(JSON.stringify([NaN, Infinity, -Infinity]));
console.log(parseInt("Infinity"), parseFloat("Infinity"), Number("Infinity"), Number("-Infinity"));
console.log(typeof NaN, typeof Infinity);
