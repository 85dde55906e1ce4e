// JSON.stringify and JSON.parse of a ~10 MB document of mostly ASCII strings. Size: records.
const n = Number(process.argv[2] ?? "60000") | 0;
const records: any[] = [];
for (let i = 0; i < n; i++) {
  records.push({
    id: i,
    name: `user-${i}`,
    email: `user${i}@example.com`,
    tags: ["alpha", "beta", i % 3 ? "gamma" : "delta"],
    bio: "Lorem ipsum dolor sit amet, consectetur adipiscing elit " + (i % 100),
    active: i % 2 === 0,
  });
}
const text = JSON.stringify({ records, count: n });
const back = JSON.parse(text);
const again = JSON.stringify(back.records[n >> 1]);
console.log(text.length, back.count, back.records.length, again.length, back.records[n - 1].email);
