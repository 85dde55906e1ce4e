// split / indexOf / slice over a 10 MB text. Size: MB of text.
const mb = Number(process.argv[2] ?? "10") | 0;
const words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"];
const lines: string[] = [];
let len = 0;
for (let i = 0; len < mb * 1_000_000; i++) {
  const line = `${words[i % 8]} ${i} ${words[(i * 3) % 8]}=${i * 13 % 997};`;
  lines.push(line);
  len += line.length + 1;
}
const text = lines.join("\n");
const parts = text.split("\n");
let found = 0;
let at = text.indexOf("theta");
while (at >= 0) { found++; at = text.indexOf("theta", at + 1); }
let sum = 0;
for (let i = 0; i < parts.length; i += 3) {
  const p = parts[i];
  const eq = p.indexOf("=");
  sum += p.slice(eq + 1, p.length - 1).length + (p.startsWith("beta") ? 1 : 0);
}
console.log(text.length, parts.length, found, sum);
