// Initialization order: base fields, base constructor, derived fields, derived constructor
const log: string[] = [];
const note = (s: string) => { log.push(s); return s; };
class Base {
  baseField = note("base field");
  static baseStatic = note("base static");
  constructor() {
    note("base constructor (kind=" + this.kind() + ")");
  }
  kind() { return "base"; }
}
class Derived extends Base {
  derivedField = note("derived field");
  static derivedStatic = note("derived static");
  constructor() {
    note("derived constructor before super");
    super();
    note("derived constructor after super, field=" + this.derivedField);
  }
  kind() { return "derived, derivedField=" + String(this.derivedField); }
}
note("--- creating instance");
new Derived();
console.log(log.join("\n"));
class Counter {
  static created = 0;
  id = ++Counter.created;
  label = "counter#" + this.id;
}
console.log(new Counter().label, new Counter().label, Counter.created);
class UsesMethodInField {
  value = this.compute();
  compute() { return 6 * 7; }
}
console.log(new UsesMethodInField().value);
class ArrowCapturesInstance {
  name = "first";
  getName = () => this.name;
}
const inst = new ArrowCapturesInstance();
const g = inst.getName;
inst.name = "renamed";
console.log(g());
