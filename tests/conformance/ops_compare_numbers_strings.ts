// Relational comparisons on numbers and strings
console.log(1 < 2, 2 < 1, 1 <= 1, 1 >= 2, -0 < 0, -1 < -0);
console.log(0.1 + 0.2 > 0.3, 0.1 + 0.2 === 0.3);
console.log("a" < "b", "B" < "a", "abc" < "abd", "abc" < "ab", "" < "a");
console.log("Z" < "a", "10" < "9", "10" < "2", "apple" > "Apple");
console.log("a" <= "a", "b" >= "a", "aa" > "a");
console.log("é" > "z", "😀" > "z", "\u00ff" < "\u0100");
const words = ["banana", "Apple", "cherry", "apple", "Banana", "10", "9"];
console.log(words.slice().sort().join(" "));
console.log(words.slice().sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(" "));
const ci = (a: string, b: string) => {
  const la = a.toLowerCase(), lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
};
console.log(words.slice().sort(ci).join(" "));
console.log(Infinity > Number.MAX_VALUE, -Infinity < -Number.MAX_VALUE);
console.log(5 > 4 > 3, 1 < 2 < 3, 3 > 2 > 1);
console.log(Number.MIN_VALUE > 0, -Number.MIN_VALUE < 0);
