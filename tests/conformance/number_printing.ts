// Number to string conversion edge cases
const nums = [0.1 + 0.2, 1e21, 1e-7, 123456789012345680000, 5e-324, -0, 1e20, 1.5e-6, 1e-6,
  0.000001, 100, 1234.5678, 2 ** 53, 2 ** 70, 1 / 3, 4.35, 0.1 * 3, 9.95, 1e100, 1.7976931348623157e308];
for (const n of nums) {
  console.log(String(n), n + "", `${n}`, JSON.stringify(n));
}
console.log(-0, [-0], String(-0), `${-0}`, JSON.stringify([-0]), (-0).toString());
console.log(123e-20, 1e+21, 1.0e21 === 1e21, 0.1e-6, 100e-9);
console.log(999999999999999999999, 99999999999999999999, 0.000000123);
console.log(1.23456789012345678, 12345.678901234567);
console.log(1e6, 1e7, 1.5e7, 123456789012, 1234567890123456789);
console.log(0.1234567890123456789, 5e-7, 5.5e-7, 0.00000055);
console.log(-1e-7, -5e-324, -1.7976931348623157e308);
console.log(2.5e-5, 25e-6, 0.00025, 1e-5 * 3);
console.log([1e21, 1e-7, -0, 0.1 + 0.2].map(String).join(" | "));
