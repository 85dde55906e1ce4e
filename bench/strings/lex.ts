// A tokenizer that consumes its input by slicing off each token, as marked's lexer
// (`src = src.substring(token.raw.length)`) and many hand-written parsers do: a charCodeAt
// scanner over a text with some Latin-1 (non-ASCII) words. Size: 10^5 tokens.
const n = (Number(process.argv[2] ?? "4") | 0) * 100_000;
const words = ["let", "x1", "=", "café", "+", "42", ";", "return", "naïve", "(", ")", "{", "}"];
const parts: string[] = [];
for (let i = 0; i < n; i++) parts.push(words[(i * 7) % words.length] + (i % 5 === 0 ? "\n" : " "));
const text = parts.join("");

let src = text;
let tokens = 0, idents = 0, lines = 0, chars = 0;
while (src.length > 0) {
  let end = 0;
  while (end < src.length && src.charCodeAt(end) !== 32 && src.charCodeAt(end) !== 10) end++;
  const tok = src.substring(0, end);
  tokens++;
  chars += tok.length;
  if (tok.length > 1 && tok.charCodeAt(0) >= 97) idents++;
  if (src.charCodeAt(end) === 10) lines++;
  src = src.substring(end + 1);
}
console.log(text.length, tokens, idents, lines, chars);
