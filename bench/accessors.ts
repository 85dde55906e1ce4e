// Getters and setters: a Vector with `_x`/`_y` behind validating accessors
// and a derived `length` whose setter rescales, a Temperature with a private
// `#celsius` read and written through celsius/fahrenheit/kelvin accessors
// (the setters reject temperatures below absolute zero), and an Account with
// a private `#balance` behind a getter, validated deposits and withdrawals
// and a `limit` setter; each iteration moves a particle, converts a
// temperature and books a payment.
// ITERATIONS = process.argv[2], default 5*10^6.
// quick size: 50000
const ITERATIONS = (process.argv.length > 2 ? Number(process.argv[2]) : 5000000) | 0;

class Vector {
  constructor(private _x = 0, private _y = 0) {}

  get x(): number {
    return this._x;
  }

  set x(value: number) {
    if (!Number.isFinite(value)) throw new TypeError(`x must be finite, got ${value}`);
    this._x = value;
  }

  get y(): number {
    return this._y;
  }

  set y(value: number) {
    if (!Number.isFinite(value)) throw new TypeError(`y must be finite, got ${value}`);
    this._y = value;
  }

  get length(): number {
    return Math.sqrt(this._x * this._x + this._y * this._y);
  }

  set length(value: number) {
    if (value < 0) throw new RangeError("length must not be negative");
    const current = this.length;
    if (current === 0) return;
    this.x = (this._x * value) / current;
    this.y = (this._y * value) / current;
  }
}

class Temperature {
  static readonly ABSOLUTE_ZERO = -273.15;
  #celsius: number;

  constructor(celsius: number) {
    this.#celsius = Temperature.checked(celsius);
  }

  private static checked(celsius: number): number {
    if (celsius < Temperature.ABSOLUTE_ZERO) throw new RangeError(`${celsius} °C is below absolute zero`);
    return celsius;
  }

  get celsius(): number {
    return this.#celsius;
  }

  set celsius(value: number) {
    this.#celsius = Temperature.checked(value);
  }

  get fahrenheit(): number {
    return (this.#celsius * 9) / 5 + 32;
  }

  set fahrenheit(value: number) {
    this.celsius = ((value - 32) * 5) / 9;
  }

  get kelvin(): number {
    return this.#celsius - Temperature.ABSOLUTE_ZERO;
  }

  set kelvin(value: number) {
    this.celsius = value + Temperature.ABSOLUTE_ZERO;
  }
}

class Account {
  #balance = 0; // cents
  #limit: number;
  #transactions = 0;

  constructor(readonly owner: string, limit: number) {
    this.#limit = limit;
  }

  get balance(): number {
    return this.#balance;
  }

  get transactions(): number {
    return this.#transactions;
  }

  get limit(): number {
    return this.#limit;
  }

  set limit(value: number) {
    if (!Number.isInteger(value) || value < 0) throw new RangeError(`invalid limit ${value}`);
    if (this.#balance < -value) throw new RangeError(`balance ${this.#balance} exceeds the new limit ${value}`);
    this.#limit = value;
  }

  get available(): number {
    return this.#balance + this.#limit;
  }

  deposit(cents: number): void {
    if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`invalid deposit ${cents}`);
    this.#balance += cents;
    this.#transactions++;
  }

  withdraw(cents: number): void {
    if (!Number.isInteger(cents) || cents <= 0) throw new RangeError(`invalid withdrawal ${cents}`);
    if (cents > this.available) throw new RangeError(`insufficient funds for ${cents}`);
    this.#balance -= cents;
    this.#transactions++;
  }
}

let seed = 7;
const next = (): number => {
  seed = (seed * 48271) % 2147483647;
  return seed;
};

const particle = new Vector(1, 1);
const velocity = new Vector(0.5, -0.25);
const temperature = new Temperature(20);
const account = new Account("ada", 50000);
let rejected = 0;
let path = 0;
let heat = 0;
for (let i = 0; i < ITERATIONS; i++) {
  const r = next();
  velocity.x = velocity.x * 0.99 + ((r % 200) - 100) / 1000;
  velocity.y = velocity.y * 0.99 + (((r >> 8) % 200) - 100) / 1000;
  if (velocity.length > 2) velocity.length = 2;
  particle.x += velocity.x;
  particle.y += velocity.y;
  if (particle.length > 1000) particle.length = 1;
  path += velocity.length;

  // A reading in each scale in turn; about one Celsius reading in 90 is below absolute zero.
  const reading = ((r >> 4) % 600) - 280;
  try {
    if (i % 3 === 0) temperature.celsius = reading;
    else if (i % 3 === 1) temperature.fahrenheit = temperature.fahrenheit + reading / 100;
    else temperature.kelvin = temperature.kelvin + reading / 1000;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    rejected++;
  }
  heat += temperature.kelvin;

  try {
    // A random walk: some withdrawals exceed the limit, some new limits the debt.
    const cents = (r % 20000) - 10000;
    if (cents >= 0) account.deposit(cents);
    else account.withdraw(-cents);
    if (i % 1000 === 0) account.limit = (r % 5) * 25000;
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    rejected++;
  }
}
console.log(particle.x.toFixed(6), particle.y.toFixed(6), path.toFixed(3));
console.log(temperature.celsius.toFixed(6), heat.toFixed(3));
console.log(account.owner, account.balance, account.limit, account.transactions, rejected);
