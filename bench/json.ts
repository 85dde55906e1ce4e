// JSON round trips: stringify and parse an order document of 200 items,
// 2000 times, with a checksum of the parsed values.
// ROUNDS = process.argv[2], default 2000.
// quick size: 200
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 2000) | 0;

const items = [];
for (let i = 0; i < 200; i++) {
  items.push({ id: i, name: `item-${i}`, price: (i * 37) % 1000 / 10, tags: ["a", "b", String(i % 7)], stock: i % 3 === 0 ? null : { count: i, ok: true } });
}
const doc = { order: 42, customer: { name: "Ada", email: "ada@example.com" }, items };
let sum = 0;
let chars = 0;
for (let r = 0; r < ROUNDS; r++) {
  doc.order = r;
  const text = JSON.stringify(doc);
  chars += text.length;
  const back = JSON.parse(text);
  sum += back.order + back.items[r % 200].price * 10 + back.items.length;
}
console.log(sum, chars);
