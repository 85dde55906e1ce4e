// Building strings incrementally, joining, and formatting tables
const rows = [["id", "name", "score"], ["1", "ann", "93.5"], ["2", "bob", "7"], ["10", "christina", "100"]];
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
for (const r of rows) console.log(r.map((cell, c) => (c === 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join(" | "));
console.log(widths.map((w) => "-".repeat(w)).join("-+-"));
let s = "";
for (let i = 0; i < 26; i++) s += "abcdefghijklmnopqrstuvwxyz"[25 - i];
console.log(s);
const words = ["alpha", "beta", "gamma"];
console.log(words.join(", "), words.map((w, i) => `${i + 1}.${w}`).join(" "));
const wrap = (text: string, width: number) => {
  const lines: string[] = [];
  let line = "";
  for (const w of text.split(" ")) {
    if (line && (line + " " + w).length > width) { lines.push(line); line = w; }
    else line = line ? line + " " + w : w;
  }
  if (line) lines.push(line);
  return lines;
};
console.log(wrap("the quick brown fox jumps over the lazy dog and keeps running", 16).join("\n"));
const csvEscape = (v: string) => (v.includes(",") || v.includes('"') ? '"' + v.split('"').join('""') + '"' : v);
console.log(["plain", "with,comma", 'with "quote"'].map(csvEscape).join(","));
console.log("=".repeat(3) + ">" + " done".toUpperCase());
