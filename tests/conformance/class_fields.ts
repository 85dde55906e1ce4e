// Instance fields with initializers, including ones that use this
let counter = 0;
class Widget {
  id = ++counter;
  name = "widget";
  tags: string[] = [];
  label = `${this.name}#${this.id}`;
  undef: number | undefined;
  fn = () => this.id;
  constructor(extra?: string) {
    if (extra) this.tags.push(extra);
  }
}
const w1 = new Widget();
const w2 = new Widget("x");
console.log(w1.id, w2.id, w1.label, w2.label);
console.log(w1.tags, w2.tags, w1.tags === w2.tags);
console.log(w1.undef, "undef" in w1);
const f = w2.fn;
console.log(f());
console.log(w1);
class Order {
  a = this.log("a");
  b = this.log("b");
  log(s: string) { Order.trace.push(s); return s; }
  static trace: string[] = [];
  constructor() { Order.trace.push("ctor"); }
}
new Order();
console.log(Order.trace);
const symKey = Symbol("k");
class Computed {
  ["dyn" + 1] = "computed field";
  [symKey] = "sym field";
  "quoted name" = 3;
  42 = "numeric";
}
const c: any = new Computed();
console.log(c.dyn1, c[symKey], c["quoted name"], c[42]);
console.log(Object.keys(c));
class Shadow {
  value = "field";
  value2 = this.value + "!";
}
console.log(new Shadow().value2);
