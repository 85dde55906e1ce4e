// console.log number formatting
console.log(0, -0, 1, -1, 1.5, -1.5);
console.log(0.1 + 0.2, 1 / 3, 2 / 3, 100 / 3);
console.log(1e21, 1e20, 123456789012345680000, 1.5e300, 2e-7, 1e-6, 0.000001234);
console.log(5e-324, Number.MAX_VALUE, Number.MIN_VALUE, Number.MAX_SAFE_INTEGER);
console.log(NaN, Infinity, -Infinity);
console.log([0, -0, NaN, Infinity, 1e21, 1e-7]);
console.log({ a: -0, b: 0.5, c: 1e100 });
console.log(123e-20, 1.7976931348623157e308, 4.9e-324);
console.log(0.1, 0.2, 0.3, 0.7, 1.1, 2.675, 1.005);
console.log(100, 1000000, 10000000000, 1e15, 1e16, 1e17, 12345678901234567890);
console.log(-1e-7, -1e21, -123.456);
console.log(2 ** 31, 2 ** 32, 2 ** 53, 2 ** 64, 2 ** -10);
console.log(0xff, 0o777, 0b1111, 1_000);
console.log(String(1e21), String(1e-7), String(-0), (25).toString(), (1e21).toString());
console.log(4.35, 0.000015, 15e-6, 1.0, 3.0e0, 314e-2);
