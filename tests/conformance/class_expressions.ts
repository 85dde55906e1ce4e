// Class expressions, anonymous classes, classes as values
const Named = class Inner {
  who() { return Inner.name; }
};
console.log(Named.name, new Named().who());
const Anon = class {
  v = 1;
};
console.log(Anon.name, new Anon().v);
function makeClass(greeting: string) {
  return class {
    greet(n: string) { return `${greeting}, ${n}`; }
  };
}
const Hello = makeClass("hello");
const Hi = makeClass("hi");
console.log(new Hello().greet("a"), new Hi().greet("b"), Hello === Hi);
const Mixin = <T extends new (...args: any[]) => object>(Base: T) =>
  class extends Base {
    mixed() { return "mixed in"; }
  };
class Plain { plain() { return "plain"; } }
const Mixed = Mixin(Plain);
const m = new Mixed();
console.log(m.plain(), m.mixed(), m instanceof Plain);
const registry: Record<string, new () => { id(): string }> = {
  a: class { id() { return "A"; } },
  b: class { id() { return "B"; } },
};
console.log(Object.keys(registry).map((k) => new registry[k]().id()));
console.log([class X {}, class {}].map((c) => c.name));
const instance = new (class { x = 42 })();
console.log(instance.x);
console.log(typeof class {}, (class Foo {}).name);
class Outer {
  static Inner = class { deep() { return "inner class"; } };
}
console.log(new Outer.Inner().deep());
