// String.prototype.split with regexes, and Symbol.split through species.
console.log("a,b;c d".split(/[,; ]/), "a1b2c3".split(/\d/), "a1b2c3".split(/(\d)/));
console.log("abc".split(/(?:)/), "".split(/x/), "".split(/(?:)/), "abc".split(/b/, 1), "abc".split(/b/, 0));
console.log("test".split(/(t)/), "A<B>bold</B>and<CODE>coded</CODE>".split(/<(\/)?([^<>]+)>/));
console.log("one  two   three".split(/\s+/), "x".split(/(x)/), "😀a😀".split(/(?:)/u), "😀a".split(/(?:)/).length);
console.log("a-b-c".split(/-/, 2), "a-b-c".split(/(-)/, 2), "aXbxc".split(/x/i));
console.log("line1\nline2\r\nline3".split(/\r?\n/));
let species = 0;
class Counting extends RegExp {
  static get [Symbol.species]() {
    species++;
    return RegExp;
  }
}
console.log(new Counting("-").constructor === Counting, "p-q".split(new Counting("-")), species);
const sticky = /b/y;
console.log("abcb".split(sticky), sticky.lastIndex, sticky.flags);
