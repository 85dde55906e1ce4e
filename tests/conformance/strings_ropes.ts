// Ropes: strings made by `+`, `+=`, concat and template literals, read every way.
function build(n: number, piece: (i: number) => string): string {
  let s = "";
  for (let i = 0; i < n; i++) s += piece(i);
  return s;
}

// A rope mutated into by += in a loop and read by a regex, then by indexing.
let log = build(2000, (i) => `GET /items/${i} 200 ${i % 7}ms\n`);
console.log(log.length, log.charCodeAt(100), log[log.length - 2]);
const slow = log.match(/\b[56]ms/g);
console.log(slow ? slow.length : 0);
console.log(/items\/1999 200/.test(log), log.search(/items\/777 /));
console.log(log.replace(/\d+ms/g, "Nms").slice(0, 60));

// Ropes of ropes, both sides deep.
let left = "";
let right = "";
for (let i = 0; i < 300; i++) {
  left = left + "L" + (i % 10);
  right = "R" + (i % 10) + right;
}
const both = left + "|" + right;
console.log(both.length, both.indexOf("|"), both.slice(595, 605), both.lastIndexOf("R9"));
const nested = (both + both) + (both + both);
console.log(nested.length, nested.split("|").length, nested.endsWith(right), nested.at(-1));

// Property keys made from ropes.
const o: Record<string, number> = {};
for (let i = 0; i < 50; i++) o["key-prefix-long-" + i + "-suffix"] = i;
console.log(o["key-prefix-long-" + "42" + "-suffix"], Object.keys(o).length, "key-prefix-long-7-suffix" in o);
const m = new Map<string, number>();
m.set("map-key-" + "abcdefghij", 1);
console.log(m.get("map-key-abcdefghij"), m.has("map-key-" + "abcdefghi" + "j"));

// JSON of ropes, and JSON.parse of a rope.
const rec = { name: "user-" + "x".repeat(20), tags: ["t-" + "y".repeat(15), "z"] };
const text = JSON.stringify(rec);
console.log(text);
const parsed = JSON.parse('{"a":' + "[1,2,3" + ",4]" + ', "b": "' + "q".repeat(14) + '"}');
console.log(parsed.a.length, parsed.b);

// Comparison, equality and hashing across ropes and flat strings.
const r1 = "abcdefghij" + "klmnopqrst";
const r2 = "abcdefghijklmnop" + "qrst";
console.log(r1 === r2, r1 == r2, r1 < r2 + "a", r1 > "abcdefghijklmnopqrss", new Set([r1, r2, "abcdefghijklmnopqrst"]).size);
console.log(r1.localeCompare(r2), [r2 + "b", r1 + "a"].sort());

// concat, template literals and String() of ropes.
const c = "".concat("first-part-", "second-part-", String(3), "-" + "end");
console.log(c, c.length, `${c}!${c.length}`.length, String(c) === c);

// Very deep ropes (one-unit appends) stay correct.
let deep = "";
for (let i = 0; i < 40000; i++) deep += String.fromCharCode(97 + (i % 26));
console.log(deep.length, deep.slice(39990), deep.charCodeAt(12345), deep.indexOf("zab"));

// for-of and spread over a rope.
let count = 0;
for (const ch of "αβγ" + "δεζηθικλμν") if (ch > "γ") count++;
console.log(count, [..."ab" + "cdefghijklmnop"].length);
