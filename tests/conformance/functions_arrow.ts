// Arrow functions: expression and block bodies, object literal bodies
const double = (x: number) => x * 2;
const addAll = (a: number, b: number, c: number) => a + b + c;
const noArgs = () => "none";
const block = (x: number) => {
  const y = x + 1;
  return y * y;
};
const makeObj = (k: string) => ({ key: k, len: k.length });
console.log(double(21), addAll(1, 2, 3), noArgs(), block(3));
console.log(makeObj("hello"));
const curried = (a: number) => (b: number) => (c: number) => a * 100 + b * 10 + c;
console.log(curried(1)(2)(3));
const nums = [1, 2, 3, 4, 5];
console.log(nums.map((n) => n * n));
console.log(nums.filter((n) => n % 2 === 1));
console.log(nums.reduce((acc, n) => acc + n, 0));
const voidArrow = () => { };
console.log(voidArrow());
const immediately = ((x: number) => x + 1)(9);
console.log(immediately);
const arrowName = () => 0;
console.log(arrowName.name, arrowName.length, typeof arrowName);
const withDefault = (x = 5) => x;
console.log(withDefault(), withDefault(1));
const rest = (...xs: number[]) => xs.length;
console.log(rest(), rest(1, 2, 3));
const conditional = (n: number) => n > 0 ? "pos" : n < 0 ? "neg" : "zero";
console.log(conditional(1), conditional(-1), conditional(0));
