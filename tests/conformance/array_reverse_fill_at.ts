// reverse, fill, at
const a = [1, 2, 3, 4];
const r = a.reverse();
console.log(r, a, r === a);
console.log([].reverse(), [1].reverse(), ["a", "b"].reverse());
console.log(new Array(3).fill(0), [1, 2, 3, 4, 5].fill(9, 1, 3), [1, 2, 3].fill(7, -1));
console.log([1, 2, 3].fill(0, 5), [1, 2, 3].fill(4, 1));
const objs = new Array(2).fill({});
objs[0].shared = true;
console.log(objs);
const grid = Array.from({ length: 2 }, () => new Array(3).fill("."));
grid[0][1] = "#";
console.log(grid);
const arr = [10, 20, 30];
console.log(arr.at(0), arr.at(-1), arr.at(-3), arr.at(3), arr.at(-4), arr.at(1.7));
console.log([].at(0), "abc".at(-1));
console.log([1, 2, 3].reverse().map((x) => x * 2).reverse());
const s = "stressed";
console.log(s.split("").reverse().join(""));
