// Bank accounts with inheritance, private state, errors and transaction history
class InsufficientFunds extends Error {
  constructor(public needed: number) {
    super(`insufficient funds: short by ${needed.toFixed(2)}`);
    this.name = "InsufficientFunds";
  }
}
class Account {
  static #nextId = 1;
  readonly id: number;
  #balance = 0;
  protected history: string[] = [];
  constructor(public owner: string) {
    this.id = Account.#nextId++;
  }
  get balance() { return this.#balance; }
  deposit(amount: number) {
    if (amount <= 0) throw new RangeError("deposit must be positive");
    this.#balance += amount;
    this.history.push(`+${amount}`);
    return this;
  }
  withdraw(amount: number) {
    const limit = this.#balance + this.overdraft();
    if (amount > limit) throw new InsufficientFunds(amount - limit);
    this.#balance -= amount;
    this.history.push(`-${amount}`);
    return this;
  }
  protected overdraft() { return 0; }
  statement() { return `#${this.id} ${this.owner}: ${this.#balance.toFixed(2)} [${this.history.join(" ")}]`; }
}
class Checking extends Account {
  protected overdraft() { return 100; }
}
class Savings extends Account {
  constructor(owner: string, public rate: number) { super(owner); }
  addInterest() { return this.deposit(Math.round(this.balance * this.rate * 100) / 100); }
}
const accounts: Account[] = [new Account("ann"), new Checking("bob"), new Savings("cy", 0.05)];
const ops: [number, "d" | "w", number][] = [[0, "d", 50], [0, "w", 80], [1, "d", 20], [1, "w", 110], [1, "w", 20], [2, "d", 1000], [2, "d", -5]];
for (const [i, op, amt] of ops) {
  try {
    if (op === "d") accounts[i].deposit(amt);
    else accounts[i].withdraw(amt);
  } catch (e) {
    if (e instanceof InsufficientFunds) console.log(accounts[i].owner, e.name, e.message, e.needed);
    else if (e instanceof RangeError) console.log(accounts[i].owner, "RangeError", e.message);
  }
}
(accounts[2] as Savings).addInterest();
for (const a of accounts) console.log(a.statement());
console.log(accounts.map((a) => a.balance), accounts[1] instanceof Account);
