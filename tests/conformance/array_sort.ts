// sort: default (string) order, comparators, stability, in-place
const nums = [10, 9, 1, 100, 25, -5, 0];
console.log(nums.slice().sort().join(" "));
console.log(nums.slice().sort((a, b) => a - b).join(" "));
console.log(nums.slice().sort((a, b) => b - a).join(" "));
const words = ["banana", "apple", "Cherry", "apple2", "Apple"];
console.log(words.slice().sort());
const withUndef = [3, undefined, 1, undefined, 2] as (number | undefined)[];
console.log(withUndef.sort());
console.log([true, false, true].sort(), ["b", "a", "c"].sort().reverse());
const inPlace = [3, 1, 2];
const returned = inPlace.sort();
console.log(returned === inPlace, inPlace);
const people = [
  { name: "ann", age: 30 }, { name: "bob", age: 25 }, { name: "cy", age: 30 },
  { name: "dee", age: 25 }, { name: "eve", age: 35 }, { name: "fay", age: 30 },
];
console.log(people.slice().sort((a, b) => a.age - b.age).map((p) => p.name).join(" "));
console.log(people.slice().sort((a, b) => b.age - a.age || (a.name < b.name ? -1 : 1)).map((p) => p.name).join(" "));
const floats = [0.5, -0.25, 3.75, 1e-3, 2e2];
console.log(floats.sort((a, b) => a - b));
console.log([[2, "b"], [1, "a"], [2, "a"]].sort((x: any, y: any) => x[0] - y[0]));
console.log([5, 1, 4].sort(() => 0));
console.log(["10", "9", "1", "100"].sort(), [10, 9, 1, 100].sort());
console.log([].sort(), [1].sort());
const byLen = ["ccc", "a", "bb", "dd", "e"];
console.log(byLen.sort((a, b) => a.length - b.length));
