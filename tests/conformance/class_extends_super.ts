// extends, super(...) constructor calls and super.method()
class Animal {
  name: string;
  sound = "...";
  constructor(name: string) {
    this.name = name;
  }
  speak() {
    return `${this.name} says ${this.sound}`;
  }
  describe() {
    return `Animal(${this.name})`;
  }
  static create(name: string) {
    return new this(name);
  }
}
class Dog extends Animal {
  sound = "woof";
  tricks: string[];
  constructor(name: string, ...tricks: string[]) {
    super(name);
    this.tricks = tricks;
  }
  speak() { return super.speak() + "!"; }
  describe() { return `Dog<${super.describe()}>[${this.tricks.join(",")}]`; }
}
const a = new Animal("generic");
const d = new Dog("rex", "sit", "roll");
console.log(a.speak(), "|", d.speak());
console.log(a.describe(), "|", d.describe());
console.log(d instanceof Dog, d instanceof Animal, a instanceof Dog);
const created = Dog.create("static");
console.log(created instanceof Dog, created.speak(), (created as Dog).tricks);
console.log(d);
class NoCtor extends Animal {}
const nc = new NoCtor("implicit");
console.log(nc.name, nc.speak(), nc instanceof NoCtor);
class UsesThisAfterSuper extends Animal {
  upper: string;
  constructor(name: string) {
    const pre = name.toUpperCase();
    super(pre);
    this.upper = this.name + "!";
  }
}
console.log(new UsesThisAfterSuper("quiet").upper);
class BeforeSuper extends Animal {
  constructor() {
    try {
      (this as any).x = 1;
    } catch (e: any) {
      console.log("before super:", e instanceof ReferenceError, e.name);
    }
    super("late");
  }
}
console.log(new BeforeSuper().name);
console.log(Object.getPrototypeOf(Dog) === Animal, Dog.name);
