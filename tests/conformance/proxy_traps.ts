// Every Proxy trap, forwarding when a trap is missing, and the invariant
// checks (TypeError when a trap lies about a non-configurable or
// non-extensible target).

function attempt(label: string, f: () => unknown): void {
  try {
    console.log(label, f());
  } catch (e) {
    console.log(label, "->", (e as Error).constructor.name + ": " + (e as Error).message);
  }
}

const log: string[] = [];
const target: any = { a: 1, b: 2 };
Object.defineProperty(target, "fixed", { value: 42, writable: false, configurable: false, enumerable: true });
const handler: ProxyHandler<any> = {
  get(t, k, r) { log.push(`get ${String(k)}`); return k === "virtual" ? "v" : t[k]; },
  set(t, k, v, r) { log.push(`set ${String(k)}=${v}`); t[k] = v; return true; },
  has(t, k) { log.push(`has ${String(k)}`); return k === "virtual" || k in t; },
  deleteProperty(t, k) { log.push(`delete ${String(k)}`); return delete t[k]; },
  ownKeys(t) { log.push("ownKeys"); return [...Object.keys(t), "virtual"]; },
  getOwnPropertyDescriptor(t, k) {
    log.push(`gopd ${String(k)}`);
    if (k === "virtual") return { value: "v", writable: true, enumerable: true, configurable: true };
    return Object.getOwnPropertyDescriptor(t, k);
  },
  defineProperty(t, k, d) { log.push(`define ${String(k)}`); Object.defineProperty(t, k, d); return true; },
  getPrototypeOf(t) { log.push("getPrototypeOf"); return Array.prototype; },
  setPrototypeOf(t, p) { log.push("setPrototypeOf"); return false; },
  isExtensible(t) { log.push("isExtensible"); return Object.isExtensible(t); },
  preventExtensions(t) { log.push("preventExtensions"); Object.preventExtensions(t); return true; },
};
const p: any = new Proxy(target, handler);
console.log(p.a, p.virtual, p.fixed, p.missing);
p.c = 3;
console.log(target.c, "virtual" in p, "zz" in p, delete p.b, target.b);
console.log(Object.keys(p), Object.getOwnPropertyNames(p));
console.log(JSON.stringify(p));
console.log(Object.getOwnPropertyDescriptor(p, "virtual"));
Object.defineProperty(p, "d", { value: 4, enumerable: true, configurable: true, writable: true });
console.log(target.d, Object.getPrototypeOf(p) === Array.prototype, p instanceof Array);
attempt("setPrototypeOf", () => Object.setPrototypeOf(p, null));
for (const k in p) log.push(`for-in ${k}`);
console.log(Object.isExtensible(p));
Object.preventExtensions(p);
console.log(Object.isExtensible(p), Object.isExtensible(target));
attempt("ownKeys extra on a non-extensible target", () => Object.keys(p));
console.log(log.join("; "));

// Missing traps forward to the target.
const plain: any = new Proxy({ x: 1 }, {});
plain.y = 2;
console.log(plain.x, plain.y, "x" in plain, Object.keys(plain), delete plain.x, Object.keys(plain));

// Invariants.
const frozen = Object.freeze({ k: 1 });
attempt("get lies", () => new Proxy(frozen, { get: () => 2 }).k);
attempt("get truthful", () => new Proxy(frozen, { get: () => 1 }).k);
attempt("set lies", () => { (new Proxy(frozen, { set: () => true }) as any).k = 5; return "set"; });
attempt("set falsish", () => { (new Proxy({}, { set: () => false }) as any).k = 5; return "set"; });
attempt("has hides", () => "k" in new Proxy(frozen, { has: () => false }));
attempt("delete lies", () => delete (new Proxy(frozen, { deleteProperty: () => true }) as any).k);
attempt("delete falsish", () => delete (new Proxy({ q: 1 }, { deleteProperty: () => false }) as any).q);
attempt("ownKeys omits", () => Object.keys(new Proxy(frozen, { ownKeys: () => [] })));
attempt("ownKeys dup", () => Object.keys(new Proxy({}, { ownKeys: () => ["a", "a"] })));
attempt("ownKeys type", () => Object.keys(new Proxy({}, { ownKeys: () => [1] as any })));
attempt("gopd hides", () => Object.getOwnPropertyDescriptor(new Proxy(frozen, { getOwnPropertyDescriptor: () => undefined }), "k"));
attempt("getPrototypeOf lies", () => Object.getPrototypeOf(new Proxy(Object.preventExtensions({}), { getPrototypeOf: () => Array.prototype })));
attempt("getPrototypeOf type", () => Object.getPrototypeOf(new Proxy({}, { getPrototypeOf: () => 5 as any })));
attempt("isExtensible lies", () => Object.isExtensible(new Proxy({}, { isExtensible: () => false })));
attempt("preventExtensions lies", () => Object.preventExtensions(new Proxy({}, { preventExtensions: () => true })));
attempt("defineProperty non-configurable", () => Object.defineProperty(new Proxy({}, { defineProperty: () => true }), "n", { value: 1, configurable: false }));
attempt("trap not callable", () => (new Proxy({}, { get: 5 as any }) as any).x);
attempt("non-object target", () => new Proxy(1 as any, {}));
attempt("call without new", () => (Proxy as any)({}, {}));

// Functions and classes.
function add(this: any, a: number, b: number) { return a + b + (this?.bias ?? 0); }
const traced = new Proxy(add, {
  apply(t, self, args) { return "apply:" + (t as any).apply(self, args); },
});
console.log(typeof traced, traced(1, 2), (traced as any).call({ bias: 10 }, 1, 2), traced.name, traced.length);
class Point {
  constructor(public x: number, public y: number) {}
  norm() { return Math.hypot(this.x, this.y); }
}
const P: any = new Proxy(Point, {
  construct(t, args, nt) { const o = new (t as any)(...args.map((a: number) => a * 2)); o.made = true; return o; },
});
const pt = new P(3, 4);
console.log(pt.norm(), pt.made, pt instanceof Point, typeof P);
attempt("construct non-object", () => new (new Proxy(Point, { construct: () => 1 as any }) as any)(1, 2));
const notCallable: any = new Proxy({}, {});
const notConstructor: any = new Proxy(() => 1, {});
attempt("call non-callable", () => notCallable());
attempt("new non-constructor", () => { try { return new notConstructor(); } catch (e) { return (e as Error).constructor.name; } });

// Proxies as prototypes, arrays, printing.
const base = new Proxy({ greet() { return "hi " + (this as any).name; } }, {
  get(t: any, k, r) { return k in t ? t[k] : `<${String(k)}>`; },
});
const child: any = Object.create(base);
child.name = "child";
console.log(child.greet(), child.unknown, child.name);
const arr = new Proxy([1, 2, 3], {});
console.log(Array.isArray(arr), arr.length, JSON.stringify(arr), typeof arr);
console.log(new Proxy({ shown: true, n: [1, 2] }, { get: () => "trap" }));
console.log([new Proxy(function named() {}, {})]);
