// Number(), String(), Boolean() conversions
const inputs: any[] = ["42", "4.2e1", " 42 ", "", " ", "0x2A", "0b101010", "0o52", "42abc", "-0", "+5", "1,000", ".", "1.", ".1", "Infinity", "NaN", null, undefined, true, false, [], [42], ["42"], [1, 2], {}];
for (const x of inputs) {
  console.log(JSON.stringify(x) ?? "undefined", "->", Number(x), String(x), Boolean(x));
}
console.log(Number(), String(), Boolean());
console.log(typeof Number("1"), typeof String(1), typeof Boolean(1));
console.log(Boolean("false"), Boolean("0"), Boolean(-0), Boolean(NaN), Boolean(" "));
console.log(Number("  \n12\t "), Number("1e1000"), Number("-1e-1000"), Number("0.0000001"));
console.log(String(-0), String([null]), String([undefined, 1]), String(Symbol("d")));
const mixed: any[] = [("3" as any) * 1, +"", +"\t", -"5", +[], +{}];
console.log(mixed);
console.log(Number("١٢"), Number("12e-1"), Number("-.5e1"), Number("1__0"), Number("0.1e+2"));
console.log(String(123.0), String(1e-6), String(1.0e-7), String(0.1 * 3));
console.log(Boolean([]), Boolean({}), Boolean(""), Boolean("0"), Boolean(0.0));
