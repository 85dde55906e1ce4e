// The building program with non-Latin-1 pieces (two-byte strings). Size: target length in MB.
const mb = Number(process.argv[2] ?? "1") | 0;
let s = "";
const filler = "—".repeat(20) + "строка ✓".repeat(5);
let n = 0;
while (s.length < mb * 1_000_000) {
  s += `линия ${n} круга;` + filler;
  n++;
}
console.log(s.length, n, s.charCodeAt(s.length >> 1));
