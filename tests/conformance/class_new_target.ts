// new.target in functions and class constructors
function Fn(this: any) {
  return new.target === undefined ? "called" : "constructed";
}
console.log((Fn as any)());
console.log(typeof new (Fn as any)());
function Tracker(this: any) {
  this.viaNew = new.target !== undefined;
}
console.log(new (Tracker as any)().viaNew);
class Base {
  kind: string;
  constructor() {
    this.kind = new.target.name;
  }
}
class Child extends Base {}
class GrandChild extends Child {}
console.log(new Base().kind, new Child().kind, new GrandChild().kind);
class AbstractLike {
  constructor() {
    if (new.target === AbstractLike) {
      throw new TypeError("cannot instantiate AbstractLike directly");
    }
  }
}
class Concrete extends AbstractLike {}
try {
  new AbstractLike();
} catch (e: any) {
  console.log(e.name, e.message);
}
console.log(new Concrete() instanceof AbstractLike);
class Factory {
  static instances: string[] = [];
  constructor() {
    Factory.instances.push(new.target === Factory ? "direct" : "subclass");
  }
}
class SubFactory extends Factory {}
new Factory();
new SubFactory();
new SubFactory();
console.log(Factory.instances);
function arrowInside(this: any) {
  const f = () => new.target;
  return f();
}
// the constructor returns new.target itself (a function object), which replaces the instance
console.log((arrowInside as any)() === undefined, new (arrowInside as any)() === arrowInside);
