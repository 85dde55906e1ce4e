// if / else if / else chains
function classify(n: number) {
  if (n < 0) {
    return "negative";
  } else if (n === 0) {
    return "zero";
  } else if (n < 10) {
    return "small";
  } else {
    return "large";
  }
}
for (const n of [-5, 0, 3, 10, NaN]) console.log(n, classify(n));
function noBraces(x: any) {
  if (x) return "truthy";
  else return "falsy";
}
console.log(noBraces(0), noBraces("0"), noBraces([]), noBraces(null));
let log = "";
if (true) log += "a";
if (false) log += "b";
else log += "c";
if (1) if (0) log += "d"; else log += "e";
console.log(log);
function nested(a: boolean, b: boolean) {
  if (a) {
    if (b) return "both";
    return "a only";
  }
  if (b) return "b only";
  return "neither";
}
console.log(nested(true, true), nested(true, false), nested(false, true), nested(false, false));
let assigned;
if ((assigned = 5) > 3) console.log("assigned in condition", assigned);
const obj = { on: false };
if (!obj.on) obj.on = true;
console.log(obj.on);
