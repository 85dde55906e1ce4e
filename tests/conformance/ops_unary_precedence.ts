// Unary plus/minus and operator precedence
console.log(+"42", +"", +" 12 ", +"1e3", +"abc", +[], +[5], +[1, 2], +{}, +true, +null);
console.log(-"3", -true, -null, -undefined, -[], -"-5");
console.log(2 + 3 * 4, (2 + 3) * 4, 2 ** 3 * 2, 2 * 3 ** 2, -(2 ** 2));
console.log(10 - 3 - 2, 100 / 10 / 2, 2 ** 2 ** 3, 7 % 4 * 3);
console.log(1 + 2 + "3" + 4 + 5);
console.log(1 < 2 === true, 3 > 2 && 2 > 1, 1 | 2 & 3, (1 | 2) & 3);
console.log(1 + 1 << 2, 1 + (1 << 2), 8 >> 1 + 1);
console.log(5 & 3 === 3 as any, (5 & 3) === 1);
console.log(!true || true, !(true || true), !0 + 1);
console.log(typeof 1 + 2, typeof (1 + 2));
let a = 1;
const b = a++ * 2 + ++a;
console.log(a, b);
console.log(true ? 1 : 0 + 10, (true ? 1 : 0) + 10);
console.log(0 || 1 && 2, (0 || 1) && 0);
console.log(null ?? 1 ? "yes" : "no");
console.log(- -1, +-+1, - - -1);
console.log(3 - -3, 3 + +3, 3 - +"3");
