// String building, splitting and searching: 6*10^4 rounds of a CSV line
// built with template literals and +=, split, indexOf, includes, slice, join.
// ROUNDS = process.argv[2], default 6 * 10^4.
// quick size: 5000
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 60000) | 0;

let count = 0;
let length = 0;
for (let r = 0; r < ROUNDS; r++) {
  let line = "";
  for (let i = 0; i < 20; i++) line += `${r}:${i * 7},`;
  const parts = line.split(",");
  for (const p of parts) {
    const c = p.indexOf(":");
    if (c > 0 && p.slice(c + 1).includes("7")) count++;
  }
  const joined = parts.join(";").toUpperCase();
  length += joined.length + joined.lastIndexOf(";");
  if (joined.startsWith(String(r))) count++;
}
console.log(count, length);
