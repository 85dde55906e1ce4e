// indexOf, lastIndexOf, includes, startsWith, endsWith
const s = "the cat sat on the mat";
console.log(s.indexOf("the"), s.indexOf("the", 1), s.indexOf("dog"), s.indexOf(""), s.indexOf("", 100));
console.log(s.lastIndexOf("the"), s.lastIndexOf("at"), s.lastIndexOf("at", 10), s.lastIndexOf("zzz"));
console.log(s.includes("cat"), s.includes("Cat"), s.includes(""), s.includes("cat", 5));
console.log(s.startsWith("the"), s.startsWith("cat"), s.startsWith("cat", 4), s.startsWith(""));
console.log(s.endsWith("mat"), s.endsWith("the"), s.endsWith("sat", 11), s.endsWith(""));
console.log("aaa".indexOf("aa"), "aaa".lastIndexOf("aa"), "abc".indexOf("c", -5));
console.log("Hello".toLowerCase().includes("hell"), "x".repeat(5).indexOf("xx", 3));
const count = (hay: string, needle: string) => {
  let n = 0;
  let pos = hay.indexOf(needle);
  while (pos !== -1) {
    n++;
    pos = hay.indexOf(needle, pos + needle.length);
  }
  return n;
};
console.log(count(s, "at"), count(s, "the"), count("aaaa", "aa"), count("", "a"));
console.log("😀x😀".indexOf("x"), "😀x😀".lastIndexOf("😀"));
console.log("undefined".includes(undefined as any), "null".startsWith(null as any));
