// Constructor parameter properties are own data properties of the instance, defined before
// the constructor's body runs: accessors and read-only properties of the same name on the
// prototype do not intercept them, instance fields see them as undefined, and a subclass's
// parameter properties go through the traps of a proxy its base returns.
const log: string[] = [];

class WithSetter {
  constructor(public a: number, public b: string) {}
  set a(v: number) { log.push(`setter a ${v}`); }
}
// (TypeScript rejects an accessor and a parameter property of one name; the cast keeps the
// program the same for Node.)
const ws = new (WithSetter as any)(1, "x");
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(ws, "a")), ws.b, log.length);

class GetterOnly {
  constructor(public a: number) {}
}
Object.defineProperty(GetterOnly.prototype, "a", { get() { return -1; }, configurable: true });
const g = new GetterOnly(5);
console.log(g.a, Object.keys(g));

class ReadOnlyProto {
  constructor(public a: number, public b: number) {}
}
Object.defineProperty(ReadOnlyProto.prototype, "a", { value: 0, writable: false });
Object.freeze(ReadOnlyProto.prototype);
const r = new ReadOnlyProto(3, 4);
console.log(r.a, r.b, JSON.stringify(Object.getOwnPropertyDescriptors(r)));

class Observed {
  seen = (this as any).a;
  constructor(public a: number) {}
}
console.log(JSON.stringify(new Observed(7)), Object.keys(new Observed(8)));

class Reassigned {
  constructor(public a: number, public b = a * 2) {
    a = 100;
    b = 200;
    console.log("in body", this.a, this.b, arguments[0]);
  }
}
console.log(new Reassigned(2), new Reassigned(2, 3));

class Later {
  constructor(public a: number) {
    (this as any).z = 1;
    (this as any).a2 = this.a + 1;
  }
}
console.log(Object.keys(new Later(1)), new Later(2));

class Target {}
Object.defineProperty(Target.prototype, "a", { set(v) { log.push(`target setter ${v}`); } });
class Plain {
  constructor(public a: number, public b: number) {}
}
const t = Reflect.construct(Plain, [1, 2], Target);
console.log(t instanceof Target, Object.keys(t), t.a, log.length);

class ProxyBase {
  constructor() {
    return new Proxy(this, {
      defineProperty(o, k, d) {
        log.push(`define ${String(k)} ${JSON.stringify(d.value)}`);
        return Reflect.defineProperty(o, k, d);
      },
      set(o, k, v, rcv) {
        log.push(`set ${String(k)} ${v}`);
        return Reflect.set(o, k, v, rcv);
      },
    });
  }
}
class ProxyDerived extends ProxyBase {
  constructor(public x: number, public y: string) {
    super();
  }
}
log.length = 0;
const pd = new ProxyDerived(1, "y");
console.log(pd.x, pd.y, log);

class WithPrivate {
  #secret() { return this.a + this.b; }
  constructor(public a: number, public b: number) {}
  sum() { return this.#secret(); }
}
console.log(new WithPrivate(2, 3).sum(), Object.keys(new WithPrivate(1, 1)));

class Shape {
  constructor(public kind: string, public sides: number) {}
  describe() { return `${this.kind}/${this.sides}`; }
}
class Square extends Shape {
  constructor(public size: number) {
    super("square", 4);
  }
}
const shapes: Shape[] = [];
for (let i = 0; i < 5; i++) shapes.push(i % 2 ? new Square(i) : new Shape("poly", i + 3));
console.log(shapes.map((s) => s.describe()).join(" "), Object.keys(shapes[1]));
const bare = Reflect.construct(Shape, ["tri", 3]);
console.log(bare.describe(), bare instanceof Shape);
