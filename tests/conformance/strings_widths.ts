// One-byte (Latin-1) and two-byte strings: each operation's result and width must not
// change what JavaScript sees.
const ascii = "plain ascii text";
const latin = "café naïve façade ÿ";
const wide = "Ελληνικά и русский ✓ 日本語";
const astral = "emoji 😀 and 𝄞 clef";
for (const s of [ascii, latin, wide, astral]) {
  console.log(s.length, s.toUpperCase(), s.toLowerCase(), s.split(" ").length, [...s].length);
  console.log(s.charCodeAt(3), s.codePointAt(6), s.indexOf("a"), s.includes("✓"), s.at(-2));
  console.log(s.slice(2, 9), s.substring(9, 2), s.padStart(30, "·"), s.padEnd(28, "-|"));
  console.log(JSON.stringify(s), JSON.parse(JSON.stringify({ s })).s === s, encodeURIComponent(s.slice(0, 8)));
  console.log(s.replace(/a/g, "A"), s.replaceAll(" ", "_"), s.repeat(2).length, s.normalize("NFD").length);
  console.log(s.isWellFormed(), s.trim() === s, (s + s).lastIndexOf(s), s.localeCompare(ascii));
}

// Latin-1 meets two-byte: concatenation widens, slicing narrows back.
const mixed = latin + " " + wide;
console.log(mixed.length, mixed.slice(0, latin.length) === latin, mixed.slice(latin.length + 1) === wide);
const back = mixed.slice(0, 5);
console.log(back, back === "café ", back.length);

// Lone surrogates survive every path.
const lone = "a\uD800b\uDC00c" + "0123456789abc";
console.log(lone.length, lone.isWellFormed(), lone.toWellFormed().charCodeAt(1), JSON.stringify(lone));
console.log(lone.charCodeAt(1).toString(16), lone.codePointAt(3)!.toString(16), [...lone].length);
console.log(String.fromCharCode(0xd83d, 0xde00) === "😀", String.fromCharCode(233, 0x100).length);

// Number <-> string with both widths.
console.log(Number("12345"), Number(" 42 "), Number("٣"), parseInt("ÿ12"), (255).toString(16) + "é");
console.log(["é", "e", "z", "É", "ü"].sort().join(","), "ÿ" < "Ā", "\u00ff".charCodeAt(0));

// Keys of both widths.
const o: Record<string, number> = { café: 1, "日本": 2, plain: 3 };
o["caf" + "é"] += 10;
o["日" + "本"] += 20;
console.log(JSON.stringify(o), Object.keys(o).join("/"));

// TextEncoder / TextDecoder round trips.
const enc = new TextEncoder().encode(latin + wide);
console.log(enc.length, new TextDecoder().decode(enc) === latin + wide);
