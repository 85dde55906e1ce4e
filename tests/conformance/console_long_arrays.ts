// Arrays longer than 100 items and numeric arrays grouped into columns
const hundred = Array.from({ length: 100 }, (_, i) => i);
console.log(hundred);
const big = Array.from({ length: 101 }, (_, i) => i);
console.log(big);
const huge = Array.from({ length: 250 }, (_, i) => i * 2);
console.log(huge);
const strings = Array.from({ length: 120 }, (_, i) => "s" + i);
console.log(strings);
console.log([1, 2, 3, 4, 5, 6]);
console.log([1, 2, 3, 4, 5, 6, 7]);
console.log("abcdefghijklmnopqrstuvwxyz".split(""));
console.log({ list: Array.from({ length: 105 }, () => 0) });
console.log([1, 22, 333, 4444, 55555, 666666, 7777777]);
console.log([-1, -22, 3.5, 0, 1e21, NaN, 7]);
console.log(Array.from({ length: 30 }, (_, i) => ({ i })).length, Array.from({ length: 8 }, (_, i) => "item" + i));
console.log([true, false, true, false, true, false, true, false]);
