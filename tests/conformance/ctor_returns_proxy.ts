// A constructor that returns a proxy returns that proxy (a proxy is an
// object): functions, classes, derived classes, and Reflect.construct.
function F(this: any) {
  this.own = 1;
  return new Proxy({ tag: "target" }, { get: (t: any, k: any) => (k === "via" ? "proxy" : t[k]) });
}
const f = new (F as any)();
console.log(f.via, f.tag, f.own);
class A {
  constructor() {
    return new Proxy([1, 2], {});
  }
}
class B extends A {
  constructor() {
    super();
    return new Proxy({ b: true }, { has: () => true });
  }
}
const a: any = new A();
console.log(Array.isArray(a), a.length, "anything" in new B());
console.log(Reflect.construct(F, []).via, Array.from.call(F as any, [1]).via);
