// Compiled fast paths meet proxies where a site first saw plain cells:
// `new` sites that cached a class, calls, named reads (inline caches),
// `in`, `typeof`, `instanceof`, and a cached constructor that returns a
// proxy. Every trap logs, so the operations reaching the handler show.

const log: string[] = [];
function key(k: unknown): string {
  return typeof k === "symbol" ? k.toString() : String(k);
}
function logged<T extends object>(target: T, name: string): T {
  return new Proxy(target, {
    get(t, k, r) { log.push(`${name}.get ${key(k)}`); return Reflect.get(t, k, r); },
    has(t, k) { log.push(`${name}.has ${key(k)}`); return Reflect.has(t, k); },
    apply(t, self, args) { log.push(`${name}.apply ${args.length}`); return Reflect.apply(t as any, self, args); },
    construct(t, args, nt) { log.push(`${name}.construct ${args.length}`); return Reflect.construct(t as any, args, nt); },
    getPrototypeOf(t) { log.push(`${name}.getPrototypeOf`); return Reflect.getPrototypeOf(t); },
  });
}
function flush(title: string, ...values: unknown[]): void {
  console.log(title, ...values, "|", log.join(", "));
  log.length = 0;
}

class P {
  x = 1;
  constructor(public y = 2) {}
  m() { return "m" + this.x; }
}
const PP = logged(P, "PP");

flush("new PP() instanceof PP", new PP() instanceof PP);
flush("new PP() instanceof P", new PP() instanceof P);
flush("new P() instanceof PP", new P() instanceof PP);

// One `new` site sees the class, then the proxy, then the class again.
function make(C: any, arg: number) { return new C(arg); }
for (const C of [P, PP, P, PP]) {
  const o = make(C, 5);
  flush("make", o.x, o.y, o.m(), o instanceof C);
}

// One call site sees functions and callable proxies.
function plus(a: number, b: number) { return a + b; }
const pplus = logged(plus, "plus");
function callIt(f: any) { return f(1, 2); }
for (const f of [plus, pplus, plus, pplus]) flush("call", callIt(f));
const o = { f: pplus, g: plus };
flush("method call", o.f(3, 4), o.g(3, 4));
flush("optional call", (pplus as any)?.(5, 6));

// One named-read site sees objects of one shape and proxies of them.
function readX(v: any) { return v.x; }
const plain = new P();
const pplain = logged(new P(), "obj");
for (const v of [plain, pplain, plain, pplain]) flush("read", readX(v));
function readM(v: any) { return v.m(); }
for (const v of [plain, pplain, plain]) flush("method", readM(v));

// `in`, `typeof`, `instanceof` at sites that saw plain values first.
function has(v: any) { return "x" in v; }
for (const v of [plain, pplain]) flush("in", has(v));
function ty(v: any) { return typeof v; }
for (const v of [plain, pplain, plus, pplus, P, PP]) flush("typeof", ty(v));
function inst(v: any, C: any) { return v instanceof C; }
for (const [v, C] of [[plain, P], [plain, PP], [pplain, P], [pplain, PP]] as const) flush("instanceof", inst(v, C));

// A class extending a proxy of a class.
class Q extends PP {
  z = 3;
}
for (let i = 0; i < 2; i++) {
  const q = new Q();
  flush("extends proxy", q.x, q.z, q.m(), q instanceof Q, q instanceof PP);
}

// A constructor returning a proxy, at a `new` site that caches the class.
class R {
  tag = "plain";
  constructor() {
    return logged(this, "R");
  }
}
for (let i = 0; i < 3; i++) {
  const r: any = new R();
  flush("ctor returns proxy", r.tag, r instanceof R);
}
class S {
  constructor() {
    return new Proxy({}, { get: (_t, k) => (k === "who" ? "proxy" : undefined) });
  }
}
for (let i = 0; i < 3; i++) flush("ctor returns other proxy", (new S() as any).who);

// Bound functions and revoked proxies.
const bound = (pplus as any).bind(null, 10);
flush("bound proxy", bound(1));
const { proxy: rev, revoke } = Proxy.revocable(function () { return 1; }, {});
revoke();
try {
  (rev as any)();
} catch (e) {
  flush("revoked call", (e as Error).constructor.name, (e as Error).message);
}
try {
  new (rev as any)();
} catch (e) {
  flush("revoked new", (e as Error).constructor.name, (e as Error).message);
}
flush("typeof revoked", typeof rev);
