// The exponent operator: associativity, unary operand rules and special values
console.log(2 ** 10, 2 ** 0.5, 4 ** -1, (-8) ** (1 / 3), (-2) ** 2, (-2) ** 3);
console.log(2 ** 3 ** 2, (2 ** 3) ** 2, -(2 ** 2), (-2) ** 2);
console.log(0 ** 0, 0 ** -1, (-0) ** -1, (-0) ** -2, Infinity ** 0, NaN ** 0, 1 ** NaN);
console.log(10 ** 21, 10 ** -7, 10 ** 308, 10 ** 309, 2 ** -1074, 2 ** -1075);
console.log((-1) ** Infinity, 1 ** Infinity, 0.5 ** -Infinity, (-Infinity) ** 3, (-Infinity) ** 2);
let x = 3;
x **= 2;
console.log(x);
x **= 0.5;
console.log(x);
const S: any = "3";
console.log(S ** 2, 2 ** S, ([2] as any) ** ([3] as any));
console.log(Math.pow(2, 10) === 2 ** 10, 7 ** 2 === 49);
console.log(1.1 ** 2, 1.5 ** 2, 0.1 ** 2);
