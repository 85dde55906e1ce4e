// Generator and async methods in classes (instance, static, Symbol.iterator).
class Bag {
  items = [3, 1, 2];
  *[Symbol.iterator]() { for (const x of this.items) yield x; }
  *pairs() { for (let i = 0; i < this.items.length; i++) yield [i, this.items[i]]; }
  async total() { let s = 0; for (const x of this) s += await x; return s; }
  static async make() { await null; return new Bag(); }
  static *range(n: number) { for (let i = 0; i < n; i++) yield i; }
}
async function main() {
  const b = await Bag.make();
  console.log([...b], [...b.pairs()], await b.total(), [...Bag.range(3)]);
  const g = b.pairs();
  console.log(Object.getPrototypeOf(g) === Bag.prototype.pairs.prototype, typeof b.total().then);
}
main();
