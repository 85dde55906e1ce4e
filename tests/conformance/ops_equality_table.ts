// == vs === across a table of values
const labels = ["0", "-0", "1", "''", "'0'", "'1'", "' '", "true", "false", "null", "undef", "NaN", "[]", "[0]", "[1]", "{}"];
const values: any[] = [0, -0, 1, "", "0", "1", " ", true, false, null, undefined, NaN, [], [0], [1], {}];
for (let i = 0; i < values.length; i++) {
  let loose = "";
  let strict = "";
  for (let j = 0; j < values.length; j++) {
    loose += values[i] == values[j] ? "1" : ".";
    strict += values[i] === values[j] ? "1" : ".";
  }
  console.log(labels[i].padEnd(6), loose, strict);
}
const arr: any = [1, 2];
console.log(arr == "1,2", arr === "1,2", arr == arr, [1, 2] == ([1, 2] as any));
const o = { valueOf: () => 42 };
console.log((o as any) == 42, (o as any) == "42", (o as any) === 42);
console.log((null as any) == 0, (undefined as any) == null, (NaN as any) == NaN);
console.log(("1e1" as any) == 10, ("0x1A" as any) == 26, (" \n 3 \t" as any) == 3);
console.log((true as any) == "1", (true as any) == "true", (false as any) == "0", (false as any) == "");
const s = Symbol("s");
console.log(s == s, (s as any) == "Symbol(s)");
