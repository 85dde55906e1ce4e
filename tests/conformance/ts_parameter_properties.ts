// Constructor parameter properties
class Point {
  constructor(public x: number, public y: number) {}
}
console.log(new Point(1, 2), Object.keys(new Point(3, 4)));
class Account {
  constructor(
    public readonly owner: string,
    private balance: number = 0,
    protected currency = "EUR",
  ) {}
  deposit(n: number) {
    this.balance += n;
    return `${this.owner}: ${this.balance} ${this.currency}`;
  }
}
const a = new Account("ann");
console.log(a.deposit(10), a.deposit(5));
console.log(a, Object.keys(a));
const b = new Account("bob", 100, "USD");
console.log(b.deposit(1));
class WithBody {
  doubled: number;
  constructor(public value: number, label?: string) {
    this.doubled = value * 2;
    if (label) (this as any).label = label;
  }
}
console.log(new WithBody(4), new WithBody(5, "five"));
class Base {
  constructor(public id: number) {}
}
class Derived extends Base {
  constructor(id: number, public name: string) {
    super(id);
  }
}
const d = new Derived(7, "seven");
console.log(d, d instanceof Base, Object.keys(d));
class Defaults {
  constructor(public a = 1, public b = a + 1, public c?: string) {}
}
console.log(new Defaults(), new Defaults(10), new Defaults(1, 1, "c"));
