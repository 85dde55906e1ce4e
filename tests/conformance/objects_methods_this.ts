// Methods on objects referencing each other via this
const account = {
  owner: "sam",
  balance: 100,
  history: [] as string[],
  deposit(n: number) {
    this.balance += n;
    this.history.push(`deposit ${n}`);
    return this;
  },
  withdraw(n: number) {
    if (n > this.balance) {
      this.history.push(`failed ${n}`);
      return this;
    }
    this.balance -= n;
    this.history.push(`withdraw ${n}`);
    return this;
  },
  summary() {
    return `${this.owner}: ${this.balance} (${this.history.length} ops)`;
  },
};
account.deposit(50).withdraw(30).withdraw(500).deposit(1);
console.log(account.summary());
console.log(account.history);
const calculator = {
  value: 0,
  add(n: number) { this.value += n; return this; },
  mul(n: number) { this.value *= n; return this; },
  result() { return this.value; },
};
console.log(calculator.add(3).mul(4).add(-2).result());
const shapes = [
  { kind: "square", size: 3, area() { return this.size * this.size; } },
  { kind: "rect", w: 2, h: 5, area() { return this.w * this.h; } },
];
for (const s of shapes) console.log(s.kind, s.area());
const withToString = { name: "thing", toString() { return `Thing(${this.name})`; } };
console.log(`${withToString}`, String(withToString), withToString + "");
console.log(withToString.toString === Object.prototype.toString, ({}).toString());
