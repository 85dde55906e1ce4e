// A hand-written tokenizer for a small expression language (no regular expressions)
type Token = { type: "num" | "ident" | "op" | "str" | "paren"; value: string };
function isDigit(c: string) { return c >= "0" && c <= "9"; }
function isAlpha(c: string) { return (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c === "_"; }
function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === " " || c === "\t" || c === "\n") { i++; continue; }
    if (isDigit(c)) {
      let j = i;
      while (j < src.length && (isDigit(src[j]) || src[j] === ".")) j++;
      out.push({ type: "num", value: src.slice(i, j) });
      i = j;
    } else if (isAlpha(c)) {
      let j = i;
      while (j < src.length && (isAlpha(src[j]) || isDigit(src[j]))) j++;
      out.push({ type: "ident", value: src.slice(i, j) });
      i = j;
    } else if (c === '"') {
      const end = src.indexOf('"', i + 1);
      if (end < 0) throw new SyntaxError("unterminated string at " + i);
      out.push({ type: "str", value: src.slice(i + 1, end) });
      i = end + 1;
    } else if ("()".includes(c)) {
      out.push({ type: "paren", value: c });
      i++;
    } else {
      const two = src.slice(i, i + 2);
      if (["==", "!=", "<=", ">=", "&&", "||", "**"].includes(two)) {
        out.push({ type: "op", value: two });
        i += 2;
      } else if ("+-*/<>=!%".includes(c)) {
        out.push({ type: "op", value: c });
        i++;
      } else throw new SyntaxError(`unexpected '${c}' at ${i}`);
    }
  }
  return out;
}
const show = (ts: Token[]) => ts.map((t) => `${t.type}:${t.value}`).join(" ");
console.log(show(tokenize("x1 = 3.14 * (radius ** 2)")));
console.log(show(tokenize('name == "hello world" && count >= 10')));
console.log(show(tokenize("")), tokenize("  \n\t ").length);
for (const bad of ["a @ b", '"open']) {
  try { tokenize(bad); } catch (e: any) { console.log(e.name, e.message); }
}
console.log(tokenize("a+b-c").map((t) => t.value));
