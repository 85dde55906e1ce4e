// Number static constants and predicates
console.log(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
console.log(Number.MAX_VALUE, Number.MIN_VALUE);
console.log(Number.EPSILON, Number.EPSILON === 2 ** -52);
console.log(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN);
console.log(Number.MAX_SAFE_INTEGER + 1 === Number.MAX_SAFE_INTEGER + 2);
console.log(Math.abs(0.3 - (0.1 + 0.2)) < Number.EPSILON);
console.log(Number.isInteger(5), Number.isInteger(5.0), Number.isInteger(5.5), Number.isInteger("5"));
console.log(Number.isSafeInteger(2 ** 53 - 1), Number.isSafeInteger(2 ** 53), Number.isSafeInteger(1.5));
console.log(Number.isNaN(NaN), Number.isNaN("NaN"), Number.isFinite(1 / 0), Number.isFinite("1"));
console.log(typeof Number.MAX_VALUE, Number.MIN_VALUE > 0, Number.MIN_VALUE / 2);
console.log(0.1 * 0.1, 0.1 * 0.1 === 0.01, (0.1 * 0.1).toFixed(2) === "0.01");
console.log(Number.MAX_SAFE_INTEGER === 2 ** 53 - 1, Number.MIN_SAFE_INTEGER === -(2 ** 53 - 1));
console.log(Number.MAX_VALUE + 1 === Number.MAX_VALUE, Number.MAX_VALUE * 1.0000001);
console.log(1 + Number.EPSILON > 1, 1 + Number.EPSILON / 2 > 1);
console.log(Number.isInteger(1e300), Number.isInteger(-0), Number.isInteger(Infinity));
