// The runtime's prototype cache (runtime/src/abi.rs): entries keyed by the prototype's shape
// (a subclass that adds no field shares its parent's instance shape), accessors on prototypes
// (the getter runs with the receiver), and absent properties (undefined until some object on
// the chain gains the name). Each read runs in a loop so the cache fills and then answers.
class Rect {
  constructor(public w: number, public h: number) {}
  kind() { return "rect"; }
  area() { return this.w * this.h; }
}
class Square extends Rect {
  constructor(s: number) { super(s, s); }
  kind() { return "square"; }
}
const shapes: Rect[] = [new Rect(2, 3), new Square(4), new Rect(1, 1), new Square(2)];
const kinds: string[] = [];
for (let r = 0; r < 3; r++) for (const s of shapes) kinds.push(s.kind() + ":" + s.area());
console.log(kinds.join(" "));

class Temp {
  #c = 0;
  get c() { return this.#c; }
  set c(v: number) { this.#c = v; }
  get f() { return (this.#c * 9) / 5 + 32; }
  get boom(): number { throw new RangeError("boom at " + this.#c); }
  set writeOnly(_: number) {}
}
class Hot extends Temp {}
const t = new Temp();
const h = new Hot();
let sum = 0;
for (let i = 0; i < 5; i++) {
  t.c = i;
  h.c = i * 2;
  sum += t.c + t.f + h.c + h.f;
}
console.log(sum, (t as any).writeOnly);
for (let i = 0; i < 3; i++) {
  try {
    console.log(h.boom);
  } catch (e) {
    console.log(String(e));
  }
}
// A getter replaced on the prototype is the one that runs.
Object.defineProperty(Temp.prototype, "c", { get() { return -1; }, configurable: true });
const after: number[] = [];
for (let i = 0; i < 3; i++) after.push(t.c, h.c);
console.log(after.join(","));

// Absent properties: undefined, until Object.prototype or the object itself gains one.
const summaries: any[] = [{ a: 1 }, { a: 2, extra: 5 }, { a: 3 }];
const seen: string[] = [];
for (let r = 0; r < 3; r++) for (const s of summaries) seen.push(String(s.extra));
console.log(seen.join(" "));
(Object.prototype as any).extra = "inherited";
const later: string[] = [];
for (let r = 0; r < 2; r++) for (const s of summaries) later.push(String(s.extra));
delete (Object.prototype as any).extra;
for (const s of summaries) later.push(String(s.extra));
console.log(later.join(" "));
// A prototype swapped under a cached chain.
const proto = { hello() { return "proto"; } };
const other = { hello() { return "other"; } };
const obj: any = Object.create(proto);
const said: string[] = [];
for (let i = 0; i < 3; i++) said.push(obj.hello(), String(obj.missing));
Object.setPrototypeOf(obj, other);
for (let i = 0; i < 2; i++) said.push(obj.hello(), String(obj.missing));
Object.setPrototypeOf(obj, null);
said.push(String(obj.hello), String(obj.missing));
console.log(said.join(" "));

// Setters on prototypes: they run with the receiver (a frozen one too); a getter without a
// setter throws Node's TypeError; a throwing setter's error reaches the caller.
class Guarded {
  #v = 0;
  get v() { return this.#v; }
  set v(x: number) {
    if (x < 0) throw new RangeError("negative " + x);
    this.#v = x;
  }
  get readOnly() { return 1; }
}
class Sub extends Guarded {}
const g = new Sub();
const log: string[] = [];
for (let i = 0; i < 4; i++) {
  g.v = i * 3;
  log.push(String(g.v));
  try {
    g.v = -i;
    log.push("set " + g.v);
  } catch (e) {
    log.push(String(e));
  }
  try {
    (g as any).readOnly = 2;
  } catch (e) {
    log.push((e as Error).constructor.name);
  }
}
console.log(log.join(" | "));
const frozen = Object.freeze(new Sub());
try {
  frozen.v = 5;
  console.log("frozen setter ran:", frozen.v);
} catch (e) {
  console.log(String(e));
}
