// Private fields read and written through inline caches: brand checks on
// objects of other classes, subclasses, classes evaluated more than once,
// private methods and accessors, and fields past the inline slots.

class Counter {
  #count = 0;
  #step: number;
  constructor(step: number) {
    this.#step = step;
  }
  tick(): number {
    this.#count += this.#step;
    return this.#count;
  }
  static read(o: object): number {
    return (o as Counter).#count;
  }
  static write(o: object, v: number): void {
    (o as Counter).#count = v;
  }
  static has(o: object): boolean {
    return #count in o;
  }
}
class Sub extends Counter {
  #own = "sub";
  own(): string {
    return this.#own;
  }
}

const cs = [new Counter(1), new Sub(2), new Counter(3)];
for (let i = 0; i < 3; i++) for (const c of cs) c.tick();
console.log(cs.map((c) => Counter.read(c)).join(" "), (cs[1] as Sub).own());
for (const bad of [{}, { count: 1 }, Object.create(Counter.prototype)]) {
  try {
    Counter.read(bad);
  } catch (e) {
    console.log("read brand", (e as Error).constructor.name);
  }
  try {
    Counter.write(bad, 1);
  } catch (e) {
    console.log("write brand", (e as Error).constructor.name);
  }
  console.log("in", Counter.has(bad));
}
Counter.write(cs[0], 40);
console.log("written", Counter.read(cs[0]), cs[0].tick());

// Private methods and accessors.
class Temp {
  #c = 20;
  #scale(f: number): number {
    return this.#c * f;
  }
  get #f(): number {
    return (this.#c * 9) / 5 + 32;
  }
  set #f(v: number) {
    this.#c = ((v - 32) * 5) / 9;
  }
  run(): string {
    const out: number[] = [];
    for (let i = 0; i < 3; i++) {
      this.#f = this.#f + 9;
      out.push(Math.round(this.#scale(2) * 100) / 100);
    }
    return out.join(",");
  }
}
console.log("temp", new Temp().run(), new Temp().run());
try {
  (Temp.prototype as unknown as { run(): string }).run.call({});
} catch (e) {
  console.log("method brand", (e as Error).constructor.name);
}

// Many fields: some past the inline slots.
class Wide {
  #a = 1;
  #b = 2;
  #c = 3;
  #d = 4;
  #e = 5;
  #f = 6;
  #g = 7;
  #h = 8;
  #i = 9;
  #j = 10;
  #k = 11;
  #l = 12;
  sum(): number {
    this.#a++;
    this.#l += 2;
    return this.#a + this.#b + this.#c + this.#d + this.#e + this.#f + this.#g + this.#h + this.#i + this.#j + this.#k + this.#l;
  }
}
const w = new Wide();
console.log("wide", w.sum(), w.sum(), new Wide().sum());

// Objects stored in private fields survive collections.
class Holder {
  #items: { n: number }[] = [];
  #last: { n: number } | null = null;
  add(n: number): void {
    this.#last = { n };
    this.#items.push(this.#last);
    if (this.#items.length > 100) this.#items = this.#items.slice(50);
  }
  total(): number {
    let t = 0;
    for (const x of this.#items) t += x.n;
    return t + (this.#last?.n ?? 0);
  }
}
const h = new Holder();
for (let i = 0; i < 5000; i++) h.add(i);
console.log("holder", h.total());

// A frozen object: its fields cannot change shape, but private fields stay writable.
class Frozen {
  #v = 1;
  bump(): number {
    return ++this.#v;
  }
}
const fz = Object.freeze(new Frozen());
console.log("frozen", fz.bump(), fz.bump());
