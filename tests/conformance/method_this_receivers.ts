// Methods of a class with a known instance layout read `this.f` through one untagged address
// computed at entry and after every call: every kind of receiver must still behave as in Node.
class Counter {
  count = 0;
  step = 1;
  label = "c";
  bump(times: number): number {
    for (let i = 0; i < times; i++) this.count += this.step;
    return this.count;
  }
  churn(n: number): string {
    // Allocation between reads of `this`: collections may move the receiver.
    let keep: number[][] = [];
    for (let i = 0; i < n; i++) {
      keep.push(new Array(64).fill(this.count + i));
      this.count++;
      if (keep.length > 8) keep = [];
    }
    return `${this.label}:${this.count}:${keep.length}`;
  }
  describe(): string {
    return `${this.label}=${this.count}/${this.step}`;
  }
}

const c = new Counter();
console.log(c.bump(5), c.churn(200), c.describe());

// Another class's instance, a plain object, a subclass instance, a frozen instance.
class Other {
  label = "o";
  count = 10;
  step = 2;
}
const o = new Other();
console.log(Counter.prototype.bump.call(o, 3), Counter.prototype.describe.call(o));
console.log(Counter.prototype.bump.call({ count: 1, step: 0.5, label: "p" }, 4));
class Sub extends Counter {
  extra = true;
}
const s = new Sub();
console.log(s.bump(2), s.describe(), s.extra);
const frozen = Object.freeze(new Counter());
try {
  frozen.bump(1);
} catch (e) {
  console.log((e as Error).constructor.name);
}
console.log(frozen.describe());

// Primitive and missing receivers.
for (const r of [undefined, null, 5, "str", true, Symbol.iterator, 10n]) {
  try {
    console.log(String(Counter.prototype.describe.call(r as any)));
  } catch (e) {
    console.log("threw", (e as Error).constructor.name);
  }
}
Object.defineProperty(Number.prototype, "label", { get() { return "num"; }, configurable: true });
console.log(Counter.prototype.describe.call(7 as any));

// A proxy receiver: every read goes through its trap.
const seen: string[] = [];
const p = new Proxy(new Counter(), {
  get(t, k, r) {
    if (typeof k === "string") seen.push(k);
    return Reflect.get(t, k, r);
  },
});
console.log(Counter.prototype.describe.call(p), seen.join(","));

// A receiver whose fields change kind, or are deleted, between calls.
const d = new Counter();
(d as any).count = "x";
console.log(d.describe(), d.bump(1));
delete (d as any).step;
console.log(d.describe(), d.bump(1));
// An accessor on the instance shadowing a field.
const g = new Counter();
Object.defineProperty(g, "count", { get() { return 42; }, set(v) { seen.push(`set ${v}`); } });
console.log(g.bump(2), g.describe(), seen.slice(-2));
