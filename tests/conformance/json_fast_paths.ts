// JSON.parse reads strings without escapes and short integers straight from
// the source; JSON.stringify writes strings, keys and integers without
// copies. The edges of each fast path:

const texts = [
  '{"a":1,"b":-0,"c":123456789012345,"d":1234567890123456,"e":12345678901234567890,"f":-1.25,"g":0.1,"h":1e21,"i":1.5e300,"j":-7}',
  '{"plain":"abc","esc":"a\\"b\\\\c\\nd\\u0041\\ud83d\\ude00","empty":"","one":"x","k\\u0065y":true,"0":"index key","10":null}',
  '[1,2,3,[4,[5,"six"]],{"x":[]},"",-0,0,-10,9007199254740993]',
  '  {  "spaced" :  [ 1 , 2 ] , "t" : true , "f" : false , "n" : null }  ',
];
for (const t of texts) {
  const v = JSON.parse(t);
  console.log(JSON.stringify(v));
  console.log(Object.is(v.b, -0), Object.keys(v).join(","));
}
console.log(Object.is(JSON.parse("-0"), -0), JSON.parse("-0") === 0, 1 / JSON.parse("[-0]")[0]);
for (const bad of ['{"a":"x\u0001"}', '{"a":"unterminated}', '{"a\\x":1}', '[01]', '[1.]', '[-]', '{"a" 1}', '[1e]', '"\\u12G4"']) {
  try {
    JSON.parse(bad);
    console.log("parsed", bad);
  } catch (e) {
    console.log((e as Error).constructor.name);
  }
}
const nums = [0, -0, 1, -1, 0.5, -0.5, 1e15, 1e15 + 1, 999999999999999, -999999999999999, 1e21, 1.7976931348623157e308, 5e-324, NaN, Infinity, -Infinity, 2 ** 53, 123.456];
console.log(JSON.stringify(nums));
console.log(JSON.stringify({ "quote\"key": "line\nbreak", "tab\t": "\u2028\u2029", lone: "\ud800", "x": "\udc00x", emoji: "😀" }));
const big: Record<string, unknown> = {};
for (let i = 0; i < 50; i++) big[`k${i}`] = i % 3 === 0 ? `v${i}` : i % 3 === 1 ? i * 1.5 : [i, { n: i }];
const round = JSON.parse(JSON.stringify(big));
console.log(JSON.stringify(round) === JSON.stringify(big), Object.keys(round).length);
