// Compiled code reads string units inline (s[i], charCodeAt, codePointAt, charAt, for-of,
// ===): every string kind (one-byte, two-byte, rope, flattened rope) and every index shape
// must give what the runtime gives, and a replaced String.prototype method must be called.
const latin = "café naïve ÿ";
const wide = "Ελληνικά ✓ 日本";
const astral = "a😀b𝄞c";
const lone = "x\uD800y\uDC00z";
let rope = "";
for (let i = 0; i < 8; i++) rope += "rope-" + i + (i % 3 === 0 ? "é" : "");
const wideRope = rope + "✓" + rope;

function units(s: string): string {
  const out: number[] = [];
  for (let i = -1; i <= s.length; i++) out.push(s.charCodeAt(i));
  return out.map((c) => (Number.isNaN(c) ? "NaN" : c.toString(16))).join(" ");
}
function chars(s: string): string {
  let r = "";
  for (let i = 0; i < s.length + 1; i++) r += (s[i] ?? "_") + s.charAt(i) + "|";
  return r;
}
function points(s: string): string {
  const out: string[] = [];
  for (let i = 0; i <= s.length; i++) out.push(String(s.codePointAt(i)));
  return out.join(",");
}
function iterate(s: string): string {
  const out: string[] = [];
  for (const c of s) out.push(c.length + ":" + c.codePointAt(0)!.toString(16));
  return out.join(" ");
}
for (const s of [latin, wide, astral, lone, "", "a"]) {
  console.log(units(s));
  console.log(chars(s));
  console.log(points(s), iterate(s));
}
// A rope read before and after its first flattening (its flat form is kept).
console.log(rope.length, rope.charCodeAt(5), rope[6], rope.charAt(20), rope.codePointAt(7));
console.log(units(rope));
console.log(iterate(wideRope).length, wideRope.charCodeAt(rope.length), wideRope[rope.length]);
console.log(chars(wideRope).length, points(wideRope).length);

// Index shapes: fractions, negatives, NaN, huge, strings, -0, objects with valueOf.
const idx: unknown[] = [0, 1.5, -1, -0, NaN, 2 ** 32, "2", "x", { valueOf: () => 3 }, undefined, null, true];
for (const i of idx) {
  console.log(String(i), latin.charCodeAt(i as number), wide.charCodeAt(i as number), latin.charAt(i as number), (latin as any)[i as any], wide.codePointAt(i as number));
}

// Counting in a loop: the common hot shape.
function countVowels(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 97 || c === 101 || c === 105 || c === 111 || c === 117 || c === 233) n++;
  }
  return n;
}
let text = "";
for (let i = 0; i < 500; i++) text += "the quick brown fox jumps over the lazy dog é ";
console.log(countVowels(text), countVowels(text + "✓"), countVowels(latin));

// Equality across kinds: same units in different cells and widths.
const a1 = "caf" + "é!".repeat(10);
const a2 = ["caf", "é!".repeat(10)].join("");
const w1 = "✓".repeat(3) + "x";
const w2 = String.fromCharCode(0x2713, 0x2713, 0x2713, 120);
console.log(a1 === a2, a1 !== a2, w1 === w2, a1 === w1, "" === "".slice(0), "ab" === "ac", "ab" === "bb");
console.log(rope === rope.slice(0), rope === rope + "", (rope + "x") === (rope + "y"), wideRope === rope + "✓" + rope);
const narrow = wide.slice(9, 10) + "abc";
console.log(narrow === "✓abc", narrow.slice(1) === "abc");

// Replaced methods are called, not inlined.
const saved = String.prototype.charCodeAt;
(String.prototype as any).charCodeAt = function (this: string, i: number) { return -i; };
console.log("abc".charCodeAt(2), latin.charCodeAt(1));
String.prototype.charCodeAt = saved;
console.log("abc".charCodeAt(2));
const savedAt = String.prototype.charAt;
(String.prototype as any).charAt = () => "!";
console.log("abc".charAt(0), "abc"[0]);
String.prototype.charAt = savedAt;
const savedIter = String.prototype[Symbol.iterator];
(String.prototype as any)[Symbol.iterator] = function* () { yield "it"; };
for (const c of "abc") console.log("replaced iterator", c);
String.prototype[Symbol.iterator] = savedIter;
for (const c of "ab") console.log("restored iterator", c);

// Boxed strings and other receivers take the general path.
const boxed = new String("boxed");
console.log(boxed.charCodeAt(1), boxed[2], String.prototype.charAt.call(12345, 2), String.prototype.charCodeAt.call(true, 0));
try {
  String.prototype.charCodeAt.call(null, 0);
} catch (e) {
  console.log((e as Error).constructor.name);
}
