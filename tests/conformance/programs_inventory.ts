// Inventory management with classes, maps, sorting and JSON output
interface Product { sku: string; name: string; price: number; qty: number; category: string }
class Inventory {
  private items = new Map<string, Product>();
  add(p: Product) {
    const existing = this.items.get(p.sku);
    if (existing) existing.qty += p.qty;
    else this.items.set(p.sku, { ...p });
    return this;
  }
  remove(sku: string, qty: number) {
    const p = this.items.get(sku);
    if (!p) throw new Error(`unknown sku ${sku}`);
    if (p.qty < qty) throw new RangeError(`insufficient ${p.name}: have ${p.qty}, need ${qty}`);
    p.qty -= qty;
    if (p.qty === 0) this.items.delete(sku);
  }
  total() { return [...this.items.values()].reduce((s, p) => s + p.price * p.qty, 0); }
  byCategory() {
    const out: Record<string, string[]> = {};
    for (const p of this.items.values()) (out[p.category] ??= []).push(p.name);
    return out;
  }
  report() {
    return [...this.items.values()]
      .sort((a, b) => b.price * b.qty - a.price * a.qty)
      .map((p) => `${p.sku.padEnd(6)}${p.name.padEnd(10)}${String(p.qty).padStart(4)} x ${p.price.toFixed(2).padStart(7)}`);
  }
}
const inv = new Inventory()
  .add({ sku: "A1", name: "widget", price: 2.5, qty: 10, category: "parts" })
  .add({ sku: "B2", name: "gadget", price: 12.99, qty: 3, category: "tools" })
  .add({ sku: "C3", name: "gizmo", price: 99.95, qty: 1, category: "tools" })
  .add({ sku: "A1", name: "widget", price: 2.5, qty: 5, category: "parts" });
console.log(inv.report().join("\n"));
console.log(inv.total().toFixed(2), inv.byCategory());
for (const [sku, q] of [["A1", 15], ["B2", 5], ["Z9", 1]] as [string, number][]) {
  try {
    inv.remove(sku, q);
    console.log("removed", q, sku);
  } catch (e: any) {
    console.log(e.name + ": " + e.message);
  }
}
console.log(inv.report().join("\n"));
console.log(JSON.stringify(inv.byCategory()));
