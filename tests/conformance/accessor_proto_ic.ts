// Named reads and stores of names some class defines an accessor for go
// through inline prototype entries that call the getter or setter: every way
// the cached answer can go stale, and the objects that share such a site.

class Point {
  protected _x = 0;
  constructor(x: number) {
    this._x = x;
  }
  get x(): number {
    return this._x;
  }
  set x(v: number) {
    if (!Number.isFinite(v)) throw new TypeError(`bad x ${v}`);
    this._x = v;
  }
  get length(): number {
    return Math.abs(this._x);
  }
}
class Point3 extends Point {
  z = 1;
}
class Labelled extends Point3 {
  get label(): string {
    return `P(${this.x})`;
  }
}
// A data property by the same name on other objects.
class Plain {
  x = 7;
  length = 3;
}

function readX(o: { x: number }): number {
  return o.x;
}
function writeX(o: { x: number }, v: number): void {
  o.x = v;
}
function len(o: { length: number }): number {
  return o.length;
}

const objs: { x: number }[] = [new Point(1), new Point3(-2), new Labelled(3), new Plain(), { x: 5 }];
for (let round = 0; round < 3; round++) {
  for (const o of objs) writeX(o, readX(o) + 1);
  console.log(objs.map(readX).join(" "), objs.map((o) => len(o as unknown as { length: number })).join(" "));
}
console.log(new Labelled(9).label, len([1, 2, 3]), len("abcd"), len(function (a: number, b: number) {}));

// The setter throws.
try {
  writeX(objs[0], NaN);
} catch (e) {
  console.log("setter threw", (e as Error).message, readX(objs[0]));
}

// A getter replaced on the prototype, then deleted.
const p = new Point3(4);
for (let i = 0; i < 3; i++) readX(p);
Object.defineProperty(Point.prototype, "x", { get: () => 100, set: (v: number) => console.log("set2", v), configurable: true });
console.log("replaced", readX(p));
writeX(p, 8);
delete (Point.prototype as { x?: number }).x;
console.log("deleted", readX(p));
writeX(p, 9);
console.log("own after delete", readX(p), Object.keys(p).join(","));

// Getter only: a store throws (module code is strict); setter only: a read is undefined.
class Ro {
  get x(): number {
    return 1;
  }
}
class Wo {
  set x(v: number) {
    console.log("wo set", v);
  }
}
const ro = new Ro();
const wo = new Wo();
for (let i = 0; i < 3; i++) {
  console.log(readX(ro), readX(wo as unknown as { x: number }));
  try {
    writeX(ro, i);
  } catch (e) {
    console.log("getter only", (e as Error).constructor.name);
  }
  writeX(wo as unknown as { x: number }, i);
}

// An own property shadows the accessor.
const shadowed = new Point(1);
readX(shadowed);
Object.defineProperty(shadowed, "x", { value: 42, writable: true, configurable: true });
console.log("shadowed", readX(shadowed));
writeX(shadowed, 43);
console.log("shadowed write", readX(shadowed), (shadowed as unknown as { _x: number })._x);

// The prototype swapped under the site.
const swapped = new Point3(2);
readX(swapped);
Object.setPrototypeOf(swapped, Plain.prototype);
console.log("swapped", readX(swapped));
Object.setPrototypeOf(swapped, {
  get x() {
    return "literal getter";
  },
});
console.log("literal proto", readX(swapped));

// A getter that returns the receiver's own state, read on a frozen instance.
const frozen = Object.freeze(new Point(6));
console.log("frozen", readX(frozen));
try {
  writeX(frozen, 1);
} catch (e) {
  console.log("frozen write", (e as Error).constructor.name);
}

// Static accessors on the class itself.
class Counter {
  static #n = 0;
  static get x(): number {
    return Counter.#n;
  }
  static set x(v: number) {
    Counter.#n = v * 2;
  }
}
writeX(Counter, 5);
console.log("static", readX(Counter));

// Getters that allocate, under collections.
class Fresh {
  get x(): number {
    return [1, 2, 3].length + Object.keys({ a: 1 }).length;
  }
}
let total = 0;
const fresh = new Fresh();
for (let i = 0; i < 20000; i++) total += readX(fresh);
console.log("fresh", total);
