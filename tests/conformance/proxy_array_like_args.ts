// CreateListFromArrayLike takes any object, a proxy too: "length", then
// each index through [[Get]] (Reflect.apply, Function.prototype.apply,
// Reflect.construct, bound calls of apply).

const log: string[] = [];
function key(k: unknown): string {
  return typeof k === "symbol" ? k.toString() : String(k);
}
function logged<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, k, r) { log.push(`get ${key(k)}`); return Reflect.get(t, k, r); },
    has(t, k) { log.push(`has ${key(k)}`); return Reflect.has(t, k); },
  });
}
function flush(title: string, v: unknown): void {
  console.log(title, JSON.stringify(v), "|", log.join(", "));
  log.length = 0;
}
function f(this: unknown, ...a: unknown[]) { return a; }
class C {
  args: unknown[];
  constructor(...a: unknown[]) { this.args = a; }
}

flush("Reflect.apply array proxy", Reflect.apply(f, null, logged([1, 2, 3])));
flush("apply array proxy", f.apply(null, logged([4, 5]) as any));
flush("Reflect.construct", Reflect.construct(C, logged(["a", "b"])).args);
flush("array-like proxy", f.apply(null, logged({ length: 2, 0: "x", 1: "y" }) as any));
flush("holes read undefined", f.apply(null, logged({ length: 3, 1: "only" }) as any));
flush("length coerced", f.apply(null, logged({ length: "2", 0: 1, 1: 2, 2: 3 }) as any));
flush("empty", f.apply(null, logged({}) as any));
flush("nested proxy", Reflect.apply(f, null, new Proxy(logged([7, 8]), {})));
flush("apply of a proxy function", Reflect.apply(new Proxy(f, {}), null, logged([9])));
for (const bad of [1, "ab", undefined]) {
  try {
    Reflect.apply(f, null, bad as any);
  } catch (e) {
    flush("Reflect.apply " + typeof bad, (e as Error).constructor.name);
  }
}
try {
  const { proxy, revoke } = Proxy.revocable([1], {});
  revoke();
  f.apply(null, proxy as any);
} catch (e) {
  flush("revoked", (e as Error).message);
}
// The ownKeys trap's result is a list from an array-like too.
const keysFrom = new Proxy({ a: 1 }, { ownKeys: () => logged(["a"]) as any });
flush("ownKeys array-like proxy", Object.keys(keysFrom));
