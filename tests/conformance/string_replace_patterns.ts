// Special $ patterns in replacement strings (string search patterns)
console.log("price: 5".replace("5", "$&$&"));
console.log("x".replace("x", "$$"));
console.log("ab".replace("a", "$'"));
console.log("ab".replace("b", "$`"));
console.log("abc".replace("b", "[$`|$&|$']"));
console.log("cost".replace("cost", "$5"));
console.log("a".replace("a", "$"), "a".replace("a", "$x"));
console.log("a".replace("a", () => "$&"));
console.log("hello".replace("l", "$&-"));
console.log("aaa".replace("a", "$&$&$&"));
console.log("x-y".replace("-", "$`$'"));
console.log("abc".replace("c", "$$&"));
console.log("repeat".replace("e", (m, off, whole) => `${m.toUpperCase()}${off}${whole.length}`));
console.log("$1".replace("$1", "one"));
console.log("money".replace("money", "$$100"));
