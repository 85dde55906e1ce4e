// Substrings of long strings may share their parent's units (slices): every reader must see
// exactly the substring's units, in both widths, after collections, through ropes, regexes,
// JSON, keys and the compiled fast paths.
const words: string[] = [];
for (let i = 0; i < 400; i++) words.push(`w${i}${i % 7 === 0 ? "é" : ""}`);
const latinText = words.join(" ");
const wideText = latinText + " ✓ " + words.slice(0, 50).join(" ");
const astralText = "😀".repeat(40) + latinText.slice(0, 200) + "𝄞".repeat(40);

function lex(src: string): [number, number, string] {
  let tokens = 0, sum = 0, last = "";
  while (src.length > 0) {
    const sp = src.indexOf(" ");
    const tok = sp < 0 ? src : src.substring(0, sp);
    tokens++;
    sum += tok.length;
    last = tok;
    src = sp < 0 ? "" : src.slice(sp + 1);
  }
  return [tokens, sum, last];
}
console.log(lex(latinText), lex(wideText), lex(astralText));

// A regex lexer slicing its rest: ^ anchors at the slice's start, lookbehind sees only the slice.
function relex(src: string): string[] {
  const out: string[] = [];
  const re = /^(?:(?<!x)w(\d+)(é?)|[ ✓😀𝄞]+)/u;
  while (src) {
    const m = re.exec(src);
    if (!m) { out.push("stop:" + src.slice(0, 5)); break; }
    if (m[1] !== undefined && Number(m[1]) % 97 === 0) out.push(m[0]);
    src = src.slice(m[0].length);
  }
  return out;
}
console.log(relex(latinText).join(","), relex(wideText).length, relex(astralText).join(","));
console.log(/(?<=^)w0/.test(latinText.slice(latinText.indexOf("w100"))), /^w100 /.test(latinText.slice(latinText.indexOf("w100"))));

// Slices of slices, units at the edges, and every method on a slice.
const a = latinText.slice(100);
const b = a.slice(50, -50);
const c = b.substring(10, b.length - 10);
for (const s of [a, b, c, wideText.slice(3), wideText.slice(-300)]) {
  console.log(s.length, s.charCodeAt(0), s.charCodeAt(s.length - 1), s[0], s[s.length - 1], s.at(-1), s.codePointAt(1));
  console.log(s.indexOf("w2"), s.lastIndexOf("w2"), s.includes("é"), s.startsWith(s.slice(0, 70)), s.endsWith(s.slice(-70)));
  console.log(s.toUpperCase().slice(0, 20), s.toLowerCase() === s, s.trim().length, s.padEnd(s.length + 3, "·").slice(-5));
  console.log(s.split(" ").length, s.replace(/w(\d)/g, "W$1").slice(0, 30), s.replaceAll(" ", "_").slice(-20), s.repeat(2).length);
  console.log(JSON.stringify(s).length, JSON.parse(JSON.stringify({ s })).s === s, s.normalize("NFD").length, s.isWellFormed());
  console.log(s.localeCompare(s.slice(0, 80)), s < s.slice(1), s === s.slice(0), (s + "!").endsWith(" !") || (s + "!").endsWith("!"));
  let n = 0;
  for (const ch of s) if (ch === "w") n++;
  let m = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 0x77) m++;
  console.log(n, m);
}

// Slices as keys, Map keys, Set members and ropes' pieces.
const key = latinText.slice(latinText.indexOf("w200"), latinText.indexOf("w200") + 80);
const obj: Record<string, number> = {};
obj[key] = 1;
obj[key.slice(0)] += 1;
const copy = key.split("").join("");
console.log(obj[copy], Object.keys(obj)[0] === key, new Map([[key, 5]]).get(copy), new Set([key, copy]).size);
let rope = "";
for (let i = 0; i < 20; i++) rope += latinText.slice(i * 10, i * 10 + 100) + "|";
console.log(rope.length, rope.slice(95, 110), /\|w1/.test(rope), rope.split("|").length);

// Surrogate pairs split by a slice boundary stay lone units.
const cut = astralText.slice(1, 101);
console.log(cut.length, cut.charCodeAt(0).toString(16), cut.isWellFormed(), [...cut].length, cut.toWellFormed().charCodeAt(0).toString(16));

// Parsing numbers and JSON from slices.
const nums = Array.from({ length: 100 }, (_, i) => String(i * 1.5)).join(",");
console.log(Number(nums.slice(nums.indexOf("3"), nums.indexOf(","))), nums.slice(2).split(",").map(Number).reduce((x, y) => x + y, 0));
const doc = JSON.stringify({ list: words.slice(0, 40), nested: { text: latinText.slice(0, 100) } });
console.log(JSON.parse(doc.slice(0)).list.length, JSON.parse("[" + doc.slice(1, -1).length + "]")[0]);
