// Learnt class layouts: a class that is not plain data (field initialisers that call, a
// constructor with logic) has its first instance checked against the fields it declares, and
// `this.f` in its methods then reads and writes at the learnt offsets while the instance has
// that shape. Every instance or receiver with another shape takes the ordinary path.

let made = 0;
function fresh(): number[] {
  made++;
  return [];
}

class Machine {
  stack: number[] = fresh();
  log: string[] = [];
  pc = 0;
  steps = 0;
  constructor(
    private readonly code: number[],
    public name: string,
  ) {
    this.limit = code.length * 3;
  }
  limit: number;

  run(n: number): number {
    for (let i = 0; i < n; i++) {
      this.pc = (this.pc + this.code[i % this.code.length]) % this.limit;
      this.steps++;
      this.stack.push(this.pc);
      if (this.stack.length > 4) this.stack.length = 0;
    }
    return this.pc * 1000 + this.steps;
  }
  get summary(): string {
    return `${this.name}:${this.pc}/${this.steps}`;
  }
  set rename(n: string) {
    this.name = n;
  }
}

const a = new Machine([3, 1, 4, 1, 5], "a");
const b = new Machine([2, 7], "b");
console.log(a.run(1000), b.run(10), a.summary, b.summary, made);
b.rename = "bee";
console.log(b.summary, Object.keys(a));

// Shapes that change after construction.
(a as any).extra = 1;
console.log(a.run(5), a.summary);
delete (b as any).log;
console.log(b.run(5), b.summary, Object.keys(b));
const frozen = Object.freeze(new Machine([1], "f"));
try {
  frozen.run(1);
} catch (e: any) {
  console.log("frozen", e.constructor.name, frozen.steps);
}

// Another receiver: a look-alike object, a subclass instance, a string.
const like = { code: [9], name: "like", stack: [] as number[], log: [], pc: 1, steps: 0, limit: 5 };
console.log(Machine.prototype.run.call(like, 3), like.pc, like.steps);
class Sub extends Machine {
  more = "m";
}
const s = new Sub([1, 2], "sub");
console.log(s.run(7), s.summary, s.more);
try {
  Machine.prototype.run.call("str" as any, 1);
} catch (e: any) {
  console.log("string this", e.constructor.name);
}
console.log(Object.getOwnPropertyDescriptor(Machine.prototype, "summary")!.get!.call(like));

// A first instance that does not match: the class keeps its inline caches.
let odd = true;
class Sometimes {
  x = 1;
  y = 2;
  constructor() {
    if (odd) (this as any).z = 3;
    odd = !odd;
  }
  sum(): number {
    return this.x + this.y + ((this as any).z ?? 0);
  }
}
const ss = [new Sometimes(), new Sometimes(), new Sometimes()];
console.log(ss.map((o) => o.sum()), ss.map((o) => Object.keys(o).join("")));

// A setter on the prototype takes the assignment: no own property.
class Guarded {
  a = 1;
  constructor() {
    this.b = 2;
  }
  set b(v: number) {
    this.a += v;
  }
  get b(): number {
    return -1;
  }
  total(): number {
    return this.a + this.b;
  }
}
console.log(new Guarded().total(), Object.keys(new Guarded()));

// A read-only field made in the constructor: writes throw in methods.
class ReadOnly {
  v = 1;
  w = 2;
  constructor() {
    Object.defineProperty(this, "v", { writable: false });
  }
  bump(): number {
    this.w++;
    this.v++;
    return this.v;
  }
}
try {
  new ReadOnly().bump();
} catch (e: any) {
  console.log("read-only", e.constructor.name);
}

// Constructed with another new.target: not the class's own instance.
class Target {
  p = 1;
  q = 2;
  both(): number {
    return this.p * 10 + this.q;
  }
}
class Other {}
const viaReflect = Reflect.construct(Target, [], Other);
console.log(Object.getPrototypeOf(viaReflect) === Other.prototype, Target.prototype.both.call(viaReflect));
console.log(new Target().both());

// Many instances, kept across collections, their methods run in between.
const keep: Machine[] = [];
let check = 0;
for (let i = 0; i < 3000; i++) {
  const m = new Machine([i % 5, 1, 2], "k" + i);
  check += m.run(4);
  if (i % 100 === 0) keep.push(m);
  const junk = { i, s: "x" + i };
  check += junk.i % 2;
}
console.log(keep.length, check, keep.map((m) => m.summary).slice(0, 3), made);

// Private members are keys of the instance's shape: such a class keeps its inline caches.
class Ledger {
  #balance = 0;
  count = 0;
  #audit(): number {
    return this.#balance;
  }
  constructor(readonly owner: string) {}
  add(n: number): number {
    this.#balance += n;
    this.count++;
    return this.#audit() + this.count;
  }
}
const ledger = new Ledger("l");
let ledgerSum = 0;
for (let i = 0; i < 100; i++) ledgerSum += ledger.add(i);
console.log(ledgerSum, ledger.count, ledger.owner, Object.keys(ledger));

// Properties the constructor adds after the declared ones move no field.
class Options {
  width = 1;
  height = 2;
  constructor(extra: Record<string, number>) {
    Object.assign(this, extra);
  }
  area(): number {
    return this.width * this.height;
  }
  grow(): void {
    this.width++;
    this.height += 2;
  }
}
const opts = [new Options({ depth: 3 }), new Options({ depth: 4 }), new Options({ width: 5, color: 1 }), new Options({})];
for (const o of opts) o.grow();
console.log(opts.map((o) => o.area()), opts.map((o) => Object.keys(o).join(",")));

// A first instance with more properties than inline slots: the last inline slot holds the
// out-of-line array, so a declared field there is not where a layout would put it.
class TokenParser {
  locale: string;
  format: string;
  tokens: string[];
  units: { t: string; invalidReason: string | undefined }[];
  disqualifyingUnit: { t: string; invalidReason: string | undefined } | undefined;
  regex?: RegExp;
  handlers?: number[];
  constructor(locale: string, format: string) {
    this.locale = locale;
    this.format = format;
    this.tokens = format.split("");
    this.units = this.tokens.map((t) => ({ t, invalidReason: t === "!" ? "bad" : undefined }));
    this.disqualifyingUnit = this.units.find((t) => t.invalidReason);
    if (!this.disqualifyingUnit) {
      this.regex = RegExp(this.format, "i");
      this.handlers = [1, 2];
    }
  }
  explain(input: string): object {
    if (!this.isValid) return { input, invalidReason: this.invalidReason };
    return { input, regex: this.regex!.source, handlers: this.handlers!.length };
  }
  get isValid(): boolean {
    return !this.disqualifyingUnit;
  }
  get invalidReason(): string | null | undefined {
    return this.disqualifyingUnit ? this.disqualifyingUnit.invalidReason : null;
  }
}
console.log(new TokenParser("en", "abc").explain("x"));
console.log(new TokenParser("en", "a!c").explain("y"));
console.log(new TokenParser("en", "de").explain("z"));

class Wide {
  a = 1;
  b = 2;
  c = 3;
  d = 4;
  e = 5;
  constructor(extra: Record<string, number>) {
    Object.assign(this, extra);
  }
  sum(): number {
    return this.a + this.b + this.c + this.d + this.e;
  }
  bump(): void {
    this.e += 10;
    this.a += 1;
  }
}
const wides = [new Wide({ f: 6, g: 7, h: 8, i: 9 }), new Wide({}), new Wide({ f: 1 }), new Wide({ f: 6, g: 7, h: 8, i: 9 })];
for (const w of wides) w.bump();
console.log(wides.map((w) => w.sum()), wides.map((w) => w.e), Object.keys(wides[0]).join(","));
