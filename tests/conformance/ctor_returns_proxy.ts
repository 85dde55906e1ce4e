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
// Class fields of a derived class defined on the proxy its base returned:
// through the proxy's defineProperty trap.
const defined: any[] = [];
function ProxyBase(this: any) {
  return new Proxy(this, {
    defineProperty(t: any, k: any, d: any) {
      defined.push(k, d.value, d.enumerable, d.writable, d.configurable);
      return Reflect.defineProperty(t, k, d);
    },
  });
}
const key = "computed";
class Fields extends (ProxyBase as any) {
  f = 3;
  [key] = "c";
}
const fi: any = new Fields();
console.log(fi.f, fi.computed, defined.join(","));
class Refused extends (function (this: any) { return new Proxy(this, { defineProperty: () => false }); } as any) {
  x = 1;
}
try {
  new Refused();
} catch (e: any) {
  console.log(e.constructor.name);
}
