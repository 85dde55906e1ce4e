// Math.min/max/pow/sqrt/cbrt/hypot with exact results
console.log(Math.max(1, 5, 3), Math.min(1, 5, 3), Math.max(-1, -5), Math.min(-0, 0), Math.max(-0, 0));
console.log(Math.max(), Math.min(), Math.max(1, NaN, 3), Math.min("2" as any, 1), Math.max(...[4, 8, 2]));
console.log(Math.pow(2, 10), Math.pow(2, -2), Math.pow(-8, 1 / 3), Math.pow(0, 0), Math.pow(NaN, 0), Math.pow(4, 0.5));
console.log(Math.sqrt(16), Math.sqrt(2) * Math.sqrt(2) === 2, Math.sqrt(-1), Math.sqrt(0), Math.sqrt(-0), Math.sqrt(Infinity));
console.log(Math.cbrt(27), Math.cbrt(-8), Math.cbrt(0), Math.cbrt(1));
console.log(Math.hypot(3, 4), Math.hypot(5, 12), Math.hypot(), Math.hypot(-3), Math.hypot(1, 2, 2));
console.log(Math.sqrt(2).toFixed(10), Math.cbrt(2).toFixed(10));
console.log(2 ** 0.5 === Math.sqrt(2), (-2) ** 2, Math.pow(-2, 3));
console.log(Math.max(Infinity, 1), Math.min(-Infinity, 1), Math.pow(10, 21), Math.pow(10, -7));
console.log(Math.abs(-7.25), Math.max(3, "10" as any), Math.min([1] as any, 2));
console.log(Math.max(1, 2, 3, 4, 5, 6, 7, 8, 9, 10), Math.min(...[0.5, 0.25, 0.125]));
console.log(Math.pow(1.5, 2), Math.pow(2, 0.5) === Math.SQRT2, Math.pow(-1, 0.5), Math.pow(-1, 2));
console.log(Math.sqrt(1e-300 * 1e-300), Math.sqrt(6.25), Math.sqrt(1e100));
console.log(Math.hypot(1e200, 1e200) > 1e200, Math.hypot(NaN, Infinity), Math.hypot(3, NaN));
