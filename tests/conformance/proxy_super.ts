// `super.x` reads [[Get]] of the home object's prototype with `this` as
// the receiver, and `super.x = v` its [[Set]]: a proxy there runs its
// traps (static methods of a class extending a proxy of a class, methods
// of an object whose prototype was set to a proxy).

const log: string[] = [];
function key(k: unknown): string {
  return typeof k === "symbol" ? k.toString() : String(k);
}
// Receivers are named from this table (reading their properties would
// recurse into the trap).
const names = new Map<unknown, string>();
function logged<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(t, k, r) { log.push(`${name}.get ${key(k)} receiver=${r === t ? "target" : names.get(r) ?? typeof r}`); return Reflect.get(t, k, r); },
    set(t, k, v, r) { log.push(`${name}.set ${key(k)}=${v}`); return Reflect.set(t, k, v, r); },
  });
}
function flush(title: string, v: unknown): void {
  console.log(title, v, "|", log.join(", "));
  log.length = 0;
}

class B {
  static s() { return "B.s"; }
  static who() { return (this as any).name; }
  m() { return "B.m"; }
  get g() { return "B.g of " + (this as any).constructor.name; }
}
const PB = logged(B, "PB");
class D extends PB {
  static s() { return "D>" + super.s(); }
  static w() { return super.who(); }
  m() { return "D>" + super.m(); }
  get g() { return "D>" + super.g; }
}
names.set(D, "D");
flush("static super", D.s());
flush("static super this", D.w());
const d = new D();
names.set(d, "d");
flush("instance super", d.m());
flush("getter super", d.g);

const proto = logged({ m() { return "proto.m"; }, x: 1 }, "proto");
const obj = {
  m() { return "obj>" + super.m(); },
  read() { return super.x; },
  write(v: number) { super.x = v; return (this as any).x; },
  missing() { return super.nothing; },
};
Object.setPrototypeOf(obj, proto);
names.set(obj, "obj");
flush("object super", obj.m());
flush("super read", obj.read());
flush("super write", obj.write(5));
flush("own after write", Object.hasOwn(obj, "x"));
flush("super missing", obj.missing());

// A class whose prototype object's prototype is a proxy.
class E {
  m() { return "E>" + super.toString.call({ toString: 1 }); }
}
Object.setPrototypeOf(E.prototype, logged(Object.prototype, "OP"));
const e = new E();
names.set(e, "e");
flush("class proto proxy", e.m());
// The home object's prototype chain: a proxy two levels up.
const top = logged({ deep() { return "top.deep"; } }, "top");
const mid = Object.create(top);
const low = { deep() { return "low>" + super.deep(); } };
Object.setPrototypeOf(low, mid);
names.set(low, "low");
flush("two levels", low.deep());
