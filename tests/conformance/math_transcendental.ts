// Transcendental functions, printed rounded with toFixed (except exact cases)
console.log(Math.sin(0), Math.cos(0), Math.tan(0), Math.asin(0), Math.acos(1), Math.atan(0));
console.log(Math.exp(0), Math.log(1), Math.log2(8), Math.log10(1000), Math.log2(1024), Math.log10(0.001));
console.log(Math.log(0), Math.log(-1), Math.exp(-Infinity), Math.exp(Infinity), Math.log2(0));
const f = (x: number) => x.toFixed(6);
console.log(f(Math.sin(Math.PI / 6)), f(Math.cos(Math.PI / 3)), f(Math.tan(Math.PI / 4)));
console.log(f(Math.sin(1)), f(Math.cos(1)), f(Math.tan(1)));
console.log(f(Math.asin(1)), f(Math.acos(0)), f(Math.atan(1)), f(Math.atan2(1, 1)), f(Math.atan2(-1, -1)));
console.log(Math.atan2(0, 0), Math.atan2(0, -0).toFixed(6), Math.atan2(-0, 1));
console.log(f(Math.exp(1)), f(Math.log(10)), f(Math.log2(3)), f(Math.log10(2)));
console.log(f(Math.sinh(1)), f(Math.cosh(1)), f(Math.tanh(1)), Math.sinh(0), Math.cosh(0), Math.tanh(0));
console.log(f(Math.asinh(1)), f(Math.acosh(2)), f(Math.atanh(0.5)), Math.tanh(Infinity), Math.tanh(-Infinity));
console.log(f(Math.expm1(1e-5) * 1e5), f(Math.log1p(1e-5) * 1e5), Math.expm1(0), Math.log1p(0));
console.log(Math.asin(2), Math.acos(-2), Math.acosh(0.5), Math.atanh(1), Math.atanh(-1));
console.log(f(Math.sin(-Math.PI / 2)), f(Math.cos(Math.PI)));
