// Arbitrary-precision addition and multiplication on decimal strings
function addStrings(a: string, b: string): string {
  let i = a.length - 1, j = b.length - 1, carry = 0;
  let out = "";
  while (i >= 0 || j >= 0 || carry) {
    const s = (i >= 0 ? a.charCodeAt(i--) - 48 : 0) + (j >= 0 ? b.charCodeAt(j--) - 48 : 0) + carry;
    out = (s % 10) + out;
    carry = Math.floor(s / 10);
  }
  return out.length ? out : "0";
}
function mulStrings(a: string, b: string): string {
  if (a === "0" || b === "0") return "0";
  const res = new Array(a.length + b.length).fill(0);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const p = (a.charCodeAt(i) - 48) * (b.charCodeAt(j) - 48) + res[i + j + 1];
      res[i + j + 1] = p % 10;
      res[i + j] += Math.floor(p / 10);
    }
  }
  const s = res.join("");
  let k = 0;
  while (k < s.length - 1 && s[k] === "0") k++;
  return s.slice(k);
}
console.log(addStrings("999", "1"), addStrings("0", "0"), addStrings("123456789123456789", "987654321987654321"));
console.log(mulStrings("12", "12"), mulStrings("0", "999"), mulStrings("99999999999", "99999999999"));
let fact = "1";
for (let i = 2; i <= 30; i++) fact = mulStrings(fact, String(i));
console.log("30! =", fact);
let a = "0", b = "1";
for (let i = 0; i < 100; i++) [a, b] = [b, addStrings(a, b)];
console.log("fib(100) =", a);
let pow = "1";
for (let i = 0; i < 100; i++) pow = mulStrings(pow, "2");
console.log("2^100 =", pow, pow.length);
console.log(String(2 ** 100), Number(pow) === 2 ** 100);
