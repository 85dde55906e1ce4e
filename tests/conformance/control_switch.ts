// switch: fallthrough, default in the middle, strict comparison
function fall(n: number) {
  const out: string[] = [];
  switch (n) {
    case 1:
      out.push("one");
    case 2:
      out.push("two");
      break;
    case 3:
      out.push("three");
    default:
      out.push("default");
    case 4:
      out.push("four");
  }
  return out.join(",");
}
for (const n of [1, 2, 3, 4, 5]) console.log(n, fall(n));
function strict(x: any) {
  switch (x) {
    case 1: return "number 1";
    case "1": return "string 1";
    case true: return "true";
    case null: return "null";
    case undefined: return "undefined";
    case NaN: return "NaN?";
    default: return "other";
  }
}
console.log([1, "1", true, null, undefined, NaN, 0].map(strict).join(", "));
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
