// Static members are inherited through the constructor prototype chain
class Base {
  static count = 0;
  static registry: string[] = [];
  static create() {
    this.count++;
    Base.registry.push(this.name);
    return new this();
  }
  static describe() {
    return `${this.name} (count=${this.count})`;
  }
}
class Child extends Base {
  static extra = "child static";
}
class GrandChild extends Child {
  static count = 100;
}
Base.create();
Child.create();
Child.create();
GrandChild.create();
console.log(Base.count, Child.count, GrandChild.count);
console.log(Object.keys(Child), Object.keys(GrandChild));
console.log(Base.registry);
console.log(Base.describe(), Child.describe(), GrandChild.describe());
console.log(Child.extra, (GrandChild as any).extra, (Base as any).extra);
console.log(Child.create() instanceof Child, GrandChild.create() instanceof Base);
console.log(Object.getPrototypeOf(GrandChild) === Child, Child.hasOwnProperty("count"));
class WithPrivateStatic {
  static #instances = 0;
  static make() { WithPrivateStatic.#instances++; return new WithPrivateStatic(); }
  static get instances() { return WithPrivateStatic.#instances; }
}
class SubPrivate extends WithPrivateStatic {}
SubPrivate.make();
WithPrivateStatic.make();
console.log(WithPrivateStatic.instances, SubPrivate.instances);
