// concat and join
const a = [1, 2];
const b = [3, 4];
console.log(a.concat(b), a);
console.log(JSON.stringify(a.concat(b, [5], 6, [[7]])));
console.log(a.concat(), a.concat([]), [].concat());
console.log(["x"].concat("y" as any, ["z"]));
console.log([1, 2, 3].join(), [1, 2, 3].join(""), [1, 2, 3].join(" - "));
console.log([].join(), [1].join("x"), ["a", "b"].join(undefined));
console.log([null, undefined, 1, "s", true].join("|"));
console.log([[1, 2], [3, [4, 5]]].join(";"));
console.log([{}, { a: 1 }].join());
console.log([NaN, -0, Infinity].join(","));
const words = ["the", "quick", "brown", "fox"];
console.log(words.join(" ").length, words.join("").toUpperCase());
console.log(String([1, [2, 3]]), [1, 2] + "", `${[4, 5]}`);
console.log(new Array(3).join("ab"));
