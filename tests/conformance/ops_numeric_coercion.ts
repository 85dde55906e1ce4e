// Implicit numeric coercion in arithmetic
const cases: any[] = ["", " ", "42", "  42  ", "4 2", "0x1f", "0b11", "0o17", "1e2", ".5", "5.", "-", "+7", "Infinity", "-Infinity", "infinity", "12px", true, false, null, undefined, [], [7], ["8"], [1, 2], {}, "\t\n 3 \n"];
for (const c of cases) {
  console.log(JSON.stringify(c) ?? "undefined", c - 0, c * 1, Number(c));
}
const a: any = "6", b: any = "3";
console.log(a - b, a * b, a / b, a % b, a ** b, a + b);
const arrNum: any = [10];
console.log(arrNum * 2, arrNum / 4, arrNum - [5]);
const t: any = true, f: any = false, n: any = null, u: any = undefined;
console.log(t + t + t, t * 10, f - 1, n * 1, u * 1, n / 1);
console.log(t / f, f / f, -f, -n);
const objWithValueOf: any = { valueOf: () => "7" };
console.log(objWithValueOf * 2, objWithValueOf - 0, objWithValueOf + 0);
const nested: any = [[["5"]]];
console.log(nested * 2, nested - 1, nested + 1);
