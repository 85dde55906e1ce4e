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
