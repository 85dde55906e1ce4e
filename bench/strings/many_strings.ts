// Memory: 10^6 distinct ASCII strings of 20 characters held in an array, made flat by
// JSON.parse in every engine (no ropes or slices behind them). Size: count.
const n = Number(process.argv[2] ?? "1000000") | 0;
let text = "[";
for (let i = 0; i < n; i++) {
  const id = String(i);
  text += (i ? ',"' : '"') + "k" + "0".repeat(11 - id.length) + id + "_abcdefgh" + '"';
}
text += "]";
const a: string[] = JSON.parse(text);
text = "";
let total = 0;
for (let i = 0; i < n; i += 1000) total += a[i].length + a[i].charCodeAt(5);
console.log(a.length, total, a[n - 1], a[0].length);
