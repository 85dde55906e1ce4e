// map, filter, reduce, reduceRight with indices and the array argument
const nums = [1, 2, 3, 4, 5, 6];
console.log(nums.map((n) => n * 10));
console.log(nums.map((n, i) => n * i));
console.log(nums.map((n, i, arr) => arr.length - i));
console.log(nums.filter((n) => n % 2 === 0), nums.filter(() => false), nums.filter(Boolean));
console.log([0, 1, "", "a", null, undefined, NaN, []].filter(Boolean));
console.log(nums.reduce((a, b) => a + b), nums.reduce((a, b) => a + b, 100));
console.log(nums.reduce((acc, n) => { acc[n % 2 ? "odd" : "even"].push(n); return acc; }, { odd: [] as number[], even: [] as number[] }));
console.log([[1, 2], [3], []].reduce((acc, x) => acc.concat(x), [] as number[]));
console.log(["a", "b", "c"].reduceRight((acc, s) => acc + s, ""));
console.log([5].reduce((a, b) => a + b), [].reduce((a, b) => a + b, "init"));
try {
  ([] as number[]).reduce((a, b) => a + b);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const log: string[] = [];
[10, 20].reduce((acc, v, i) => { log.push(`${acc}+${v}@${i}`); return acc + v; });
console.log(log);
const words = ["apple", "banana", "cherry"];
console.log(words.map((w) => w.length).reduce((a, b) => Math.max(a, b)));
console.log(words.map((w) => w[0]).join(""));
console.log(nums.map(String), ["1", "2", "3"].map(Number));
console.log(["1", "2", "3"].map((s) => parseInt(s)));
const squaresOfOdds = nums.filter((n) => n % 2).map((n) => n * n).reduce((a, b) => a + b, 0);
console.log(squaresOfOdds);
