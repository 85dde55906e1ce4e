// this in class methods, static methods, getters and chained calls
class Builder {
  parts: string[] = [];
  static created = 0;
  constructor() { Builder.created++; }
  add(p: string) { this.parts.push(p); return this; }
  get size() { return this.parts.length; }
  build() { return this.parts.join("-"); }
  static make() { return new this(); }
  static who() { return this === Builder; }
}
const b = Builder.make().add("a").add("b").add("c");
console.log(b.build(), b.size, Builder.created);
console.log(Builder.who());
const who = Builder.who;
try {
  console.log(who());
} catch (e: any) {
  console.log(e.name);
}
class Sub extends Builder {
  add(p: string) { return super.add(p + p); }
}
const s = (Sub.make() as Sub).add("x").add("y");
console.log(s.build(), s instanceof Sub, Builder.created);
console.log(Sub.who());
const add = b.add;
try {
  add("z");
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const rebound = b.add.bind(b);
rebound("z");
console.log(b.build());
