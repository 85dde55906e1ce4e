// JSON.parse's SyntaxError messages as V8 words them (cases the JSON fuzzer found different):
// a missing ':' after an object's first name is named, after a later one the token found is
// reported; a character above U+00FF after a backslash is an unexpected token; texts shorter
// than 21 units are quoted whole, longer ones around the error.
const cases = ['{"a" 1}', '{"a" "b"}', '{"a" x}', '{"a" t}', '{"a" -}', '{"a" {}', '{"a" [}', '{"a" ]', '{"a" ,}', '{"a"}', '{"a"', '{"abcdefghijklmnopqrstuvwxyz" x}', '{"a":1,"b" x}', '{"a":1,"b" 1}', '{"a":1,"b" "c"}', '{"a":1,"b"}', '{"a":1 "b"}', '{"a":1 x}', '{"a":1 2}', '[1 2]', '[1 x]', '[1 "a"]', '[1 {]', '{1:2}', '{x:2}', '{"a":1,x}', '{"a":1,1}', '{"a":1,}', '"\\x"', '"\\\uffff"', '"\\\u00e9"', '"\\\u0100"', '"\\u12g4"', '"abc\\x"', '"ab\\', '"\\u00', '[1,]', '[,1]', '{,}', '[01]', '[-x]', '[1.x]', '[1ex]', 'tru', 'nul', 'truex', '[truex]'];
for (let n = 18; n <= 24; n++) {
  cases.push("[" + "1,".repeat(n >> 1) + "x".repeat(n & 1) + "}");
  cases.push("}" + " ".repeat(n));
  cases.push(" ".repeat(n) + "}");
  cases.push(" ".repeat(n >> 1) + "}" + " ".repeat(n >> 1));
}
for (const c of cases) {
  try {
    JSON.parse(c);
    console.log(JSON.stringify(c), "ok");
  } catch (e: any) {
    console.log(JSON.stringify(c), e.name, e.message);
  }
}
