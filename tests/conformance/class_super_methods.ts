// super in methods, static methods, getters and object literals
class Base {
  greet(x: string) { return "base:" + x; }
  static sm() { return "base static"; }
  get prop() { return "base prop"; }
  chain() { return ["Base"]; }
}
class Mid extends Base {
  greet(x: string) { return "mid:" + super.greet(x); }
  static sm() { return "mid static > " + super.sm(); }
  get prop() { return "mid prop > " + super.prop; }
  chain() { return [...super.chain(), "Mid"]; }
}
class Leaf extends Mid {
  greet(x: string) { return "leaf:" + super.greet(x.toUpperCase()); }
  static sm() { return "leaf static > " + super.sm(); }
  chain() { return [...super.chain(), "Leaf"]; }
  arrowSuper() {
    const f = () => super.greet("arrow");
    return f();
  }
}
const l = new Leaf();
console.log(l.greet("hi"));
console.log(Leaf.sm());
console.log(l.prop);
console.log(l.chain());
console.log(l.arrowSuper());
class Counter {
  count = 0;
  inc() { this.count++; return this; }
}
class DoubleCounter extends Counter {
  inc() { super.inc(); return super.inc(); }
}
console.log(new DoubleCounter().inc().inc().count);
class Shape {
  area() { return 0; }
  describe() { return `${this.constructor.name} with area ${this.area()}`; }
}
class Sq extends Shape {
  constructor(private s: number) { super(); }
  area() { return this.s ** 2; }
  describe() { return super.describe() + " (square)"; }
}
console.log(new Sq(3).describe(), new Shape().describe());
