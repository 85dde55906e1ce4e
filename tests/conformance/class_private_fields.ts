// Private #fields
class Account {
  #balance = 0;
  #history: number[] = [];
  owner: string;
  constructor(owner: string, initial: number) {
    this.owner = owner;
    this.#balance = initial;
  }
  deposit(n: number) {
    this.#balance += n;
    this.#history.push(n);
    return this.#balance;
  }
  get balance() { return this.#balance; }
  transferTo(other: Account, n: number) {
    this.#balance -= n;
    other.#balance += n;
  }
  historyLength() { return this.#history.length; }
}
const a = new Account("ann", 100);
const b = new Account("bob", 5);
console.log(a.deposit(50), a.balance);
a.transferTo(b, 30);
console.log(a.balance, b.balance, a.historyLength(), b.historyLength());
console.log(Object.keys(a), JSON.stringify(a));
console.log((a as any)["#balance"]);
console.log(a);
class Counter {
  #count = 0;
  inc() { return ++this.#count; }
  static read(c: Counter) { return c.#count; }
}
const c = new Counter();
c.inc(); c.inc();
console.log(Counter.read(c));
try {
  Counter.read({} as Counter);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
class Sub extends Counter {
  #count = 100;
  subCount() { return this.#count; }
}
const s = new Sub();
s.inc();
console.log(s.subCount(), Counter.read(s));
class Lazy {
  #v?: string;
  get v() { return (this.#v ??= "computed once"); }
}
const l = new Lazy();
console.log(l.v, l.v);
