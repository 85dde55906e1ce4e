// switch without default, switch (true) patterns, case evaluation order and grouped cases
function noDefault(s: string) {
  let r = "unset";
  switch (s) {
    case "a": r = "A"; break;
    case "b": r = "B"; break;
  }
  return r;
}
console.log(noDefault("a"), noDefault("z"));
function expressions(n: number) {
  switch (true) {
    case n < 0: return "neg";
    case n === 0: return "zero";
    case n > 100: return "big";
    default: return "normal";
  }
}
console.log(expressions(-1), expressions(0), expressions(5), expressions(500));
let evaluated: string[] = [];
const tag = (s: string) => { evaluated.push(s); return s; };
switch ("c") {
  case tag("a"): break;
  case tag("b"): break;
  case tag("c"): evaluated.push("matched"); break;
  case tag("d"): break;
}
console.log(evaluated);
function grouped(ch: string) {
  switch (ch) {
    case "a": case "e": case "i": case "o": case "u": return "vowel";
    default: return "consonant";
  }
}
console.log([..."hello"].map(grouped).join(" "));
function types(v: unknown) {
  switch (typeof v) {
    case "number":
    case "symbol":
      return "num-or-sym";
    case "string":
      return "text";
    default:
      return "other:" + typeof v;
  }
}
console.log([1, "s", true, null, undefined].map(types).join(" "));
