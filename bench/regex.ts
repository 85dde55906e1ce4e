// Regular expressions: test, exec with groups, global replace and split
// over generated log lines, 5*10^4 lines.
// LINES = process.argv[2], default 5 * 10^4.
// quick size: 5000
const LINES = (process.argv.length > 2 ? Number(process.argv[2]) : 50000) | 0;

const lines: string[] = [];
let x = 7;
for (let i = 0; i < LINES; i++) {
  x = (x * 48271) % 2147483647;
  lines.push(`2026-11-${(x % 28) + 1} user${x % 1000}@example.com GET /api/items/${x % 5000} ${x % 3 === 0 ? 500 : 200}`);
}
const re = /^(\d{4})-(\d{2})-(\d+) (\w+)@([\w.]+) (GET|POST) (\/\S*) (\d{3})$/;
let errors = 0, sumIds = 0, replaced = 0, words = 0;
for (const l of lines) {
  const m = re.exec(l);
  if (m) {
    if (m[8] === "500") errors++;
    sumIds += Number(m[7].slice(m[7].lastIndexOf("/") + 1));
  }
  if (/items\/\d+5 /.test(l)) replaced += l.replace(/\d/g, "#").length;
  words += l.split(/[\s@/]+/).length;
}
console.log(errors, sumIds, replaced, words);
