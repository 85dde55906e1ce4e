// Reflect on proxies: every Reflect method reaches the matching trap (or
// forwards to the target), and traps that forward with Reflect keep
// receivers and boolean results.

const log: string[] = [];
const target: any = { x: 1, get doubled() { return this.x * 2; } };
const handler: ProxyHandler<any> = {};
for (const trap of ["get", "set", "has", "deleteProperty", "ownKeys", "getOwnPropertyDescriptor", "defineProperty", "getPrototypeOf", "setPrototypeOf", "isExtensible", "preventExtensions"] as const) {
  (handler as any)[trap] = (...args: any[]) => {
    log.push(trap);
    return (Reflect as any)[trap](...args);
  };
}
const p: any = new Proxy(target, handler);
console.log(Reflect.get(p, "x"), Reflect.get(p, "doubled"), Reflect.get(p, "doubled", { x: 21 }));
console.log(Reflect.set(p, "y", 2), target.y, Reflect.has(p, "y"), Reflect.deleteProperty(p, "y"), "y" in target);
console.log(Reflect.ownKeys(p), Reflect.getOwnPropertyDescriptor(p, "x"));
console.log(Reflect.defineProperty(p, "z", { value: 3, configurable: false }), Reflect.defineProperty(p, "z", { value: 4 }));
console.log(Reflect.getPrototypeOf(p) === Object.prototype, Reflect.setPrototypeOf(p, null), Reflect.getPrototypeOf(p));
console.log(Reflect.isExtensible(p), Reflect.preventExtensions(p), Reflect.isExtensible(p), Reflect.set(p, "w", 1));
console.log(log.join(" "));

// A receiver that is a proxy: Reflect.set defines through its defineProperty trap.
const seen: string[] = [];
const recv = new Proxy({} as any, {
  defineProperty(t, k, d) { seen.push(`define ${String(k)} ${JSON.stringify(d)}`); return Reflect.defineProperty(t, k, d); },
  getOwnPropertyDescriptor(t, k) { seen.push(`gopd ${String(k)}`); return Reflect.getOwnPropertyDescriptor(t, k); },
});
console.log(Reflect.set({}, "k", 5, recv), Reflect.set({}, "k", 6, recv), recv.k);
console.log(seen.join(" | "));

// Functions through proxies.
const fn = new Proxy(function (this: any, a: number) { return (this?.base ?? 0) + a; }, {
  apply(t, self, args) { return Reflect.apply(t, self, args) * 10; },
});
console.log(Reflect.apply(fn, { base: 1 }, [2]), fn(3));
class Base { constructor(public v: number) {} }
const Ctor = new Proxy(Base, { construct(t, args, nt) { return Reflect.construct(t, [args[0] + 1], nt); } });
const made = Reflect.construct(Ctor, [1]) as Base;
console.log(made.v, made instanceof Base);
const { proxy, revoke } = Proxy.revocable({}, {});
revoke();
for (const f of [() => Reflect.get(proxy, "a"), () => Reflect.ownKeys(proxy), () => Reflect.has(proxy, "a")]) {
  try { f(); } catch (e) { console.log((e as Error).message); }
}
