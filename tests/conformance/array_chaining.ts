// Chained array operations on a small dataset
type Item = { name: string; price: number; qty: number; tags: string[] };
const items: Item[] = [
  { name: "pen", price: 1.5, qty: 10, tags: ["office"] },
  { name: "book", price: 12, qty: 2, tags: ["read", "gift"] },
  { name: "mug", price: 8, qty: 0, tags: ["kitchen", "gift"] },
  { name: "lamp", price: 25, qty: 1, tags: ["home"] },
];
const inStock = items.filter((i) => i.qty > 0);
console.log(inStock.map((i) => i.name));
const total = inStock.reduce((sum, i) => sum + i.price * i.qty, 0);
console.log(total);
const gifts = items.filter((i) => i.tags.includes("gift")).map((i) => i.name.toUpperCase());
console.log(gifts);
const allTags = items.map((i) => i.tags).reduce((a, t) => a.concat(t), [] as string[]);
console.log([...new Set(allTags)].sort());
const byPrice = items.slice().sort((a, b) => b.price - a.price).map((i) => `${i.name}:${i.price}`);
console.log(byPrice.join(", "));
const cheapest = items.reduce((min, i) => (i.price < min.price ? i : min));
console.log(cheapest.name);
const names = items.map((i) => i.name);
console.log(names.some((n) => n.startsWith("l")), names.every((n) => n.length >= 3));
const grouped: Record<string, string[]> = {};
items.forEach((i) => i.tags.forEach((t) => (grouped[t] ??= []).push(i.name)));
console.log(grouped);
console.log(items.findIndex((i) => i.qty === 0), items.find((i) => i.price > 100));
console.log(items.map((i) => i.qty).join("+"), "=", items.reduce((s, i) => s + i.qty, 0));
