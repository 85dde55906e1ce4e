// A chain of 60,000 proxies without traps (each one's target is the one before): forwarding
// recurses once per proxy, so every internal method is a catchable RangeError, as in Node;
// [[Call]] of a trapless chain is a tail call that V8 (and Perry) walks without recursing.
// (Object.setPrototypeOf and preventExtensions are left out: their frames are small enough
// that Perry's larger stack may hold the whole chain where Node's does not.)
function t(name: string, f: () => unknown) {
  try {
    console.log(name, "ok", f());
  } catch (e: any) {
    console.log(name, e instanceof RangeError, e.message);
  }
}
function target(this: any, x: number) {
  if (new.target) return;
  return x * 2;
}
(target as any).x = 1;
let p: any = target;
for (let i = 0; i < 60000; i++) p = new Proxy(p, {});
t("typeof", () => typeof p);
t("isArray", () => Array.isArray(p));
t("call", () => p(21));
t("apply", () => Reflect.apply(p, null, [4]));
t("method call", () => p.call(null, 5));
t("get", () => p.x);
t("set", () => (p.y = 2));
t("has", () => "x" in p);
t("delete", () => delete p.x);
t("keys", () => Object.keys(p).length);
t("getPrototypeOf", () => Object.getPrototypeOf(p) === Function.prototype);
t("defineProperty", () => Object.defineProperty(p, "z", { value: 1 }));
t("getOwnPropertyDescriptor", () => Object.getOwnPropertyDescriptor(p, "x"));
t("isExtensible", () => Object.isExtensible(p));
t("construct", () => new p());
t("String", () => String(p));
t("JSON.stringify", () => JSON.stringify({ p }));
// A short chain still forwards everything.
let q: any = { x: 1 };
for (let i = 0; i < 10; i++) q = new Proxy(q, {});
t("short get", () => q.x);
t("short keys", () => Object.keys(q).join());
