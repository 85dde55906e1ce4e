// process.memoryUsage(): Node's five fields, as numbers in a sane relation.
const m = process.memoryUsage();
console.log(Object.keys(m));
console.log(Object.values(m).every((v) => typeof v === "number" && v >= 0 && Number.isInteger(v)));
console.log(m.rss > 1000000, m.heapUsed > 0, m.heapUsed <= m.heapTotal, m.heapTotal < m.rss * 4);
console.log(typeof process.memoryUsage.rss, process.memoryUsage.rss() > 1000000);
const before = process.memoryUsage().heapUsed;
const keep: number[][] = [];
for (let i = 0; i < 1000; i++) keep.push(new Array(100).fill(i));
console.log(process.memoryUsage().heapUsed > before + 400000, keep.length);
