// FizzBuzz in three styles
function classic(n: number): string {
  if (n % 15 === 0) return "FizzBuzz";
  if (n % 3 === 0) return "Fizz";
  if (n % 5 === 0) return "Buzz";
  return String(n);
}
const out1: string[] = [];
for (let i = 1; i <= 20; i++) out1.push(classic(i));
console.log(out1.join(" "));
const rules: [number, string][] = [[3, "Fizz"], [5, "Buzz"], [7, "Bazz"]];
const general = (n: number) => rules.reduce((s, [d, w]) => (n % d === 0 ? s + w : s), "") || String(n);
console.log(Array.from({ length: 21 }, (_, i) => general(i + 1)).join(","));
console.log(general(105), general(35), general(21));
let counts = { fizz: 0, buzz: 0, fizzbuzz: 0, number: 0 };
for (let i = 1; i <= 100; i++) {
  const r = classic(i);
  if (r === "FizzBuzz") counts.fizzbuzz++;
  else if (r === "Fizz") counts.fizz++;
  else if (r === "Buzz") counts.buzz++;
  else counts.number++;
}
console.log(counts);
console.log(classic(0), classic(-3), classic(-10));
