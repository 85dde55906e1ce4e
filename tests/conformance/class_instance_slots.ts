// The object `new C` makes has as many inline slots as C's fields, parameter properties and
// constructor assignments: layout only. Property order, enumeration, deletes, later additions,
// subclasses and constructors that return something else must look the same as ever.

class Machine {
  stack: number[] = [];
  frames: string[] = [];
  pc = 0;
  steps = 0;
  "quoted key" = "q";
  [Symbol.toStringTag] = "Machine";
  #hidden = 1;

  constructor(private readonly code: number[], public name: string) {
    this.extra = code.length;
    this.pc = 1;
  }
  extra: number;

  run(n: number): number {
    for (let i = 0; i < n; i++) {
      this.pc = (this.pc + this.code[i % this.code.length]) % 97;
      this.steps++;
      this.stack.push(this.pc);
      if (this.stack.length > 8) this.stack.length = 0;
    }
    return this.pc + this.steps + this.#hidden;
  }
}

const m = new Machine([3, 1, 4, 1, 5], "vm");
console.log(m.run(1000), Object.keys(m), JSON.stringify(m));
(m as any).added1 = 1;
(m as any).added2 = 2;
delete (m as any).frames;
(m as any).frames = ["again"];
console.log(Object.keys(m), m.run(10), String(m));

class Base {
  a = 1;
  b = 2;
  constructor() {
    (this as any).c = 3;
  }
}
class Derived extends Base {
  d = 4;
  e = 5;
  f = 6;
  g = 7;
  constructor() {
    super();
    (this as any).h = 8;
  }
}
const d = new Derived();
console.log(Object.keys(d), Object.values(d));
for (let i = 0; i < 12; i++) (d as any)["p" + i] = i;
console.log(Object.keys(d).length, JSON.stringify(d));

class Returns {
  x = 1;
  y = 2;
  constructor() {
    return { other: true } as any;
  }
}
console.log(new Returns());

function Plain(this: any) {
  this.a = 1;
  this.b = 2;
}
console.log(new (Plain as any)());

class Many {
  f0 = 0; f1 = 1; f2 = 2; f3 = 3; f4 = 4; f5 = 5; f6 = 6; f7 = 7; f8 = 8; f9 = 9;
  f10 = 10; f11 = 11; f12 = 12; f13 = 13; f14 = 14; f15 = 15; f16 = 16; f17 = 17; f18 = 18; f19 = 19;
}
const many = new Many();
let total = 0;
for (let i = 0; i < 20; i++) total += (many as any)["f" + i];
console.log(total, Object.keys(many).length);

// Reflect.construct with another new.target, and a bound class.
const viaReflect = Reflect.construct(Base, [], Derived);
console.log(Object.getPrototypeOf(viaReflect) === Derived.prototype, Object.keys(viaReflect));
const Bound = Machine.bind(null, [1], "bound");
const b = new Bound();
console.log(b instanceof Machine, b.name, b.run(3));

// Many instances kept across collections.
const keep: Machine[] = [];
for (let i = 0; i < 3000; i++) {
  const x = new Machine([i % 7, 2], "m" + i);
  x.run(3);
  if (i % 10 === 0) keep.push(x);
}
console.log(keep.length, keep[299].name, keep[299].steps, keep.reduce((s, x) => s + x.pc, 0));
