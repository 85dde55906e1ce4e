// Building a string by `+=` in a loop (issue 27's program). Size: target length in MB.
const mb = Number(process.argv[2] ?? "1") | 0;
let s = "";
const filler = "-".repeat(40) + "=".repeat(40);
let n = 0;
while (s.length < mb * 1_000_000) {
  s += `line ${n} of round;` + filler;
  n++;
}
console.log(s.length, n, s.charCodeAt(s.length >> 1));
