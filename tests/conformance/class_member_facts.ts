// Methods, getters and setters of classes that compiled code runs in place while the class's
// prototype still holds them (a watch on the prototype): each is changed in another way between
// calls of the same code, which must then see the change. Receivers are `this` in methods and
// bindings that hold instances.

const log: string[] = [];
const out = (...xs: unknown[]) => {
  log.push(xs.map((x) => (typeof x === "string" ? x : JSON.stringify(x) ?? String(x))).join(" "));
};

class Counter {
  n = 0;
  step = 1;
  inc(by: number): number {
    this.n += by * this.step;
    return this.n;
  }
  get double(): number {
    return this.n * 2;
  }
  set value(v: number) {
    if (v < 0) throw new RangeError(`negative ${v}`);
    this.n = v;
  }
  get value(): number {
    return this.n;
  }
  twice(by: number): number {
    this.inc(by);
    return this.inc(by);
  }
}

// Each probe uses the members through a binding and through `this`.
function probe(label: string, c: Counter) {
  const results: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    results.push(c.inc(i), c.double, c.twice(1));
    c.value = i + 10;
    results.push(c.value);
  }
  out(label, results);
}

const fresh = () => new Counter();
probe("start", fresh());

// A method replaced by assignment.
{
  const c = fresh();
  probe("before-assign", c);
  const orig = Counter.prototype.inc;
  Counter.prototype.inc = function (this: Counter, by: number) {
    return orig.call(this, by) + 1000;
  };
  probe("assigned", c);
  Counter.prototype.inc = orig;
  probe("restored", c);
}

// A method replaced inside its own argument: the method read before the arguments runs.
{
  const c = fresh();
  const orig = Counter.prototype.twice;
  out("arg-replaces", c.twice(((Counter.prototype.twice = (by: number) => -by), 5)), c.twice(5));
  Counter.prototype.twice = orig;
  out("arg-restored", c.twice(1));
}

// A getter replaced by defineProperty (the setter kept), then a setter alone.
{
  const c = fresh();
  probe("before-getter", c);
  Object.defineProperty(Counter.prototype, "double", { get(this: Counter) { return this.n * 3; }, configurable: true });
  probe("getter-replaced", c);
  const desc = Object.getOwnPropertyDescriptor(Counter.prototype, "value")!;
  Object.defineProperty(Counter.prototype, "value", { set(this: Counter, v: number) { this.n = v * 100; }, configurable: true });
  probe("setter-replaced", c);
  Object.defineProperty(Counter.prototype, "value", desc);
  probe("setter-restored", c);
}

// An own property on the instance shadows the method; another prototype; a subclass.
{
  const c = fresh();
  (c as any).inc = (by: number) => `own ${by}`;
  out("own", c.inc(2), c.twice(3));
  const d = fresh();
  Object.setPrototypeOf(d, { inc: (by: number) => `other ${by}`, twice: (by: number) => `other twice ${by}`, get double() { return "other double"; }, set value(v: number) {}, get value() { return "other value"; } });
  probe("other-proto", d as Counter);
  class Sub extends Counter {
    inc(by: number): number {
      return super.inc(by) * 10;
    }
    get double(): number {
      return -1;
    }
  }
  probe("subclass", new Sub());
}

// A setter that throws, then the store is caught.
{
  const c = fresh();
  try {
    c.value = -1;
  } catch (e) {
    out("setter-throws", (e as Error).message, c.value);
  }
}

class Shape {
  constructor(public w: number, public h: number) {}
  area(): number {
    return this.w * this.h;
  }
  get perimeter(): number {
    return 2 * (this.w + this.h);
  }
  describe(): string {
    return `${this.w}x${this.h}`;
  }
}

function shapes(label: string) {
  const s = new Shape(2, 3);
  const r: unknown[] = [];
  for (let i = 0; i < 3; i++) r.push(s.area(), s.perimeter, s.describe());
  out(label, r);
}
shapes("shape-start");

// Deleting a method and a getter: the lookup goes on to Object.prototype.
delete (Shape.prototype as any).describe;
try {
  shapes("describe-deleted");
} catch (e) {
  out("describe-deleted throws", (e as Error).constructor.name);
}
(Shape.prototype as any).describe = function (this: Shape) {
  return `shape ${this.w}`;
};
shapes("describe-added");
delete (Shape.prototype as any).perimeter;
shapes("perimeter-deleted");

// The prototype frozen: nothing changes. Then many properties make it a dictionary.
Object.freeze(Shape.prototype);
shapes("frozen");

class Many {
  x = 1;
  get(): number {
    return this.x;
  }
  get view(): number {
    return this.x + 1;
  }
}
function many(label: string) {
  const m = new Many();
  out(label, m.get(), m.view, m.get() + m.view);
}
many("many-start");
for (let i = 0; i < 300; i++) (Many.prototype as any)["extra" + i] = i;
many("many-dictionary");
Reflect.set(Many.prototype, "get", function (this: Many) {
  return this.x * 7;
});
many("many-reflect-set");
Object.assign(Many.prototype, {
  get() {
    return "assigned";
  },
});
many("many-assign");

class Flip {
  v = 5;
  read(): number {
    return this.v;
  }
}
function flip(label: string) {
  const f = new Flip();
  out(label, f.read());
}
flip("flip-start");
// A method turned into an accessor returning a function.
Object.defineProperty(Flip.prototype, "read", { get: () => () => "from accessor", configurable: true });
flip("flip-accessor");

// Classes without a known instance layout (private fields, a base class): the receiver's shape
// is tested against the site's prototype entries instead.
class Secret {
  #v = 1;
  get v(): number {
    return this.#v;
  }
  set v(x: number) {
    this.#v = x;
  }
  bump(by: number): number {
    this.#v += by;
    return this.#v;
  }
}
class Base {
  base(): string {
    return "base";
  }
}
class Derived extends Base {
  w = 2;
  get w2(): number {
    return this.w * 2;
  }
  grow(): number {
    return ++this.w;
  }
}
function secrets(label: string, s: Secret, d: Derived) {
  const r: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    r.push(s.bump(1), s.v);
    s.v = s.v + 10;
    r.push(d.grow(), d.w2, d.base());
  }
  out(label, r);
}
secrets("secret-start", new Secret(), new Derived());
{
  const s = new Secret();
  const d = new Derived();
  secrets("secret-before", s, d);
  const bump = Secret.prototype.bump;
  Secret.prototype.bump = function (this: Secret, by: number) {
    return bump.call(this, by * 2) + 0.5;
  };
  Object.defineProperty(Secret.prototype, "v", { get: () => -7, configurable: true });
  Derived.prototype.grow = function (this: Derived) {
    return (this.w -= 1);
  };
  delete (Derived.prototype as any).w2;
  secrets("secret-changed", s, d);
  class MoreSecret extends Secret {
    bump(by: number): number {
      return by * 1000;
    }
  }
  const own = new Derived();
  (own as any).grow = () => "own grow";
  secrets("secret-subclass-own", new MoreSecret(), own);
}

console.log(log.join("\n"));
