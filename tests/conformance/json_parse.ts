// JSON.parse of valid documents, reviver, and SyntaxError on invalid input
console.log(JSON.parse("1"), JSON.parse('"s"'), JSON.parse("true"), JSON.parse("null"), JSON.parse(" [ ] "));
console.log(JSON.parse('{"a":1,"b":[1,2,{"c":null}],"d":"x"}'));
console.log(JSON.parse("-0"), JSON.parse("1e3"), JSON.parse("-1.5E-2"), JSON.parse("123456789012345678901234567890"));
console.log(JSON.parse('"\\u0041\\n\\t\\"\\\\\\/"'));
console.log(JSON.parse('{"2":"b","1":"a","z":0}'));
console.log(JSON.parse('{"a":1,"a":2}'));
const bad = ["", "{", "[1,]", "{'a':1}", "{a:1}", "undefined", "NaN", "01", "1.", ".5", '"unterminated', "[1 2]", "tru", '{"a":1}x', "\"\t\""];
for (const s of bad) {
  try {
    JSON.parse(s);
    console.log(JSON.stringify(s), "parsed?!");
  } catch (e: any) {
    console.log(JSON.stringify(s), e instanceof SyntaxError, e.name);
  }
}
const revived = JSON.parse('{"a":1,"b":{"c":2,"d":[3,4]}}', (key, value) => (typeof value === "number" ? value * 100 : value));
console.log(revived);
const order: string[] = [];
JSON.parse('{"x":{"y":1},"z":[2]}', (key, value) => { order.push(key === "" ? "<root>" : key); return value; });
console.log(order.join(","));
console.log(JSON.parse('{"drop":1,"keep":2}', (k, v) => (k === "drop" ? undefined : v)));
const roundTrip = { n: 1.5, s: "é😀", arr: [true, null], nested: { e: {} } };
console.log(JSON.stringify(JSON.parse(JSON.stringify(roundTrip))) === JSON.stringify(roundTrip));
console.log(typeof JSON.parse("{}"), Array.isArray(JSON.parse("[]")));
