// The same tokenizer as lex.ts driven by anchored regexes (`/^\d+/.exec(src)`, then
// `src = src.slice(m[0].length)`), over the same Latin-1 text. Size: 10^5 tokens.
const n = (Number(process.argv[2] ?? "4") | 0) * 100_000;
const words = ["let", "x1", "=", "café", "+", "42", ";", "return", "naïve", "(", ")", "{", "}"];
const parts: string[] = [];
for (let i = 0; i < n; i++) parts.push(words[(i * 7) % words.length] + (i % 5 === 0 ? "\n" : " "));
const text = parts.join("");

const rules: [string, RegExp][] = [
  ["ws", /^[ \n]+/],
  ["num", /^\d+/],
  ["id", /^[a-zA-Z\u00C0-\u00FF_][\w\u00C0-\u00FF]*/],
  ["punct", /^[=+;(){}]/],
];
const counts: Record<string, number> = {};
let src = text;
outer: while (src) {
  for (const [kind, re] of rules) {
    const m = re.exec(src);
    if (m) {
      counts[kind] = (counts[kind] ?? 0) + 1;
      src = src.slice(m[0].length);
      continue outer;
    }
  }
  throw new Error("no rule at " + src.slice(0, 10));
}
console.log(text.length, JSON.stringify(counts));
