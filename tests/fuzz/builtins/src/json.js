// JSON.parse: mutated JSON texts, some wrapped in deep nesting.
const SEEDS = [
  '{"a":1,"b":[true,false,null],"c":"x\\u00e9\\n"}',
  "[1,-0,1e10,1.5e-7,-12.5E+3,0.1,100000000000000000000]",
  '""',
  '"\\ud83d\\ude00\\ud800x"',
  '{"":{"":[]}}',
  "[[[[]]],{}]",
  "null",
  "true",
  "123456789012345678901234567890",
  '{"__proto__":1,"constructor":2,"a":1,"a":2}',
  '"\\u0000\\t\\"\\\\\\/\\b\\f\\r"',
  " \n\t[ 1 , 2 ]\r\n",
  '{"a":{"b":{"c":{"d":[1,[2,[3]]]}}}}',
  "[1e400,-1e-400,5e-324,2.2250738585072014e-308,9007199254740993]",
  '{"1":1,"0":0,"-1":2,"4294967295":3,"4294967294":4,"01":5}',
  '["\u2028\u2029","\uffff","é💩"]',
];
const TOKENS = ["{", "}", "[", "]", ",", ":", '"', "\\", "u", "0", "1", "9", "-", "+", ".", "e", "E", " ", "\n", "\t", "\r", "\u00a0", "t", "f", "n", "true", "false", "null", '"a"', '"b":', "1e999", "\\u", "\\ud800", "\\u00", "\u0000", "\u001f", "\u2028", "\ud800", "\udc00", "\uffff", "é", "💩", '"__proto__"', "9007199254740993", "-0", "0x10", "NaN", "Infinity", "undefined", "[object Object]", "//", "/*", "'"];
// The depth and node count of a value, walked without recursion.
function measure(v) {
  let depth = 0;
  let nodes = 0;
  const stack = [[v, 1]];
  while (stack.length) {
    const [x, d] = stack.pop();
    nodes++;
    if (d > depth) depth = d;
    if (x !== null && typeof x === "object") for (const k of Object.keys(x)) stack.push([x[k], d + 1]);
  }
  return [depth, nodes];
}
function gen() {
  let s = mutate(pick(SEEDS), SEEDS, TOKENS);
  if (rnd(6) === 0) {
    const d = rnd(8) === 0 ? 1 + rnd(20000) : 1 + rnd(40);
    s = rnd(2) ? "[".repeat(d) + s + "]".repeat(d) : '{"k":'.repeat(d) + s + "}".repeat(d);
  }
  return s;
}
function check(input) {
  let out = show(input) + "\t";
  let v;
  try {
    v = JSON.parse(input);
  } catch (e) {
    return out + "error " + e.name + ": " + e.message;
  }
  const [depth, nodes] = measure(v);
  out += "depth " + depth + " nodes " + nodes;
  // Shallow values: printed, pretty-printed and revived (deep ones reach each engine's
  // stack limit at a different depth).
  if (depth < 500) {
    out += " " + JSON.stringify(v) + " " + JSON.stringify(v, null, 1).length;
    const revived = JSON.parse(input, (k, x) => (typeof x === "number" ? x + 1 : typeof x === "string" ? k + x : x));
    out += " " + JSON.stringify(revived);
  }
  return out;
}
main(gen, check);
