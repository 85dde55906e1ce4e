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
