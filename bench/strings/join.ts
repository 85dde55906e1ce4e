// Array.prototype.join of 10^5 pieces, repeated. Size: rounds.
const rounds = Number(process.argv[2] ?? "40") | 0;
const pieces: string[] = [];
for (let i = 0; i < 100_000; i++) pieces.push("item-" + i);
let total = 0;
for (let r = 0; r < rounds; r++) {
  const s = pieces.join(r % 2 ? "," : ";\n");
  total += s.length + s.charCodeAt(r * 1000);
}
console.log(total);
