// toString, valueOf and toJSON on class instances
class Money {
  constructor(private cents: number, private currency = "USD") {}
  toString() { return `${(this.cents / 100).toFixed(2)} ${this.currency}`; }
  valueOf() { return this.cents; }
  toJSON() { return { amount: this.cents / 100, currency: this.currency }; }
}
const a = new Money(1050);
const b = new Money(250, "EUR");
console.log(String(a), `${b}`, a + "", [a, b].join(" | "));
console.log((a as any) + (b as any), (a as any) > (b as any), (a as any) * 2);
console.log(JSON.stringify(a), JSON.stringify({ price: b, list: [a] }));
console.log(a);
class Plain { x = 1; }
console.log(String(new Plain()), `${new Plain()}`, new Plain() + "");
class Versioned {
  constructor(public major: number, public minor: number) {}
  toString() { return `v${this.major}.${this.minor}`; }
  static compare(x: Versioned, y: Versioned) { return x.major - y.major || x.minor - y.minor; }
}
const versions = [new Versioned(1, 10), new Versioned(1, 2), new Versioned(0, 9)];
console.log(versions.sort(Versioned.compare).join(", "));
console.log(versions.map(String));
const obj: Record<string, number> = {};
obj[new Versioned(2, 0) as any] = 1;
console.log(Object.keys(obj));
