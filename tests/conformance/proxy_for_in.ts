// for-in over proxies and over objects with a proxy on their prototype
// chain: the exact traps Node calls. Keys come from ownKeys (no
// enumerability filter), the chain from getPrototypeOf; as each key is
// reached a proxy is asked getOwnPropertyDescriptor (and getPrototypeOf
// when it lacks the key); `has` is never called. An object that is not
// itself a proxy enumerates nothing past the first proxy of its chain.

const log: string[] = [];
function mk(target: object, name: string) {
  const h: any = {};
  for (const t of ["get", "set", "has", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "defineProperty", "deleteProperty"])
    h[t] = (...a: any[]) => {
      log.push(name + "." + t + (a.length > 1 && typeof a[1] !== "object" ? " " + String(a[1]) : ""));
      return (Reflect as any)[t](...a);
    };
  return new Proxy(target, h);
}
function run(title: string, o: any) {
  log.length = 0;
  for (const k in o) log.push("key " + k);
  console.log(title + "\n  " + log.join("\n  "));
}

const base = { z: 1 };
const t1 = Object.create(base, { a: { value: 1, enumerable: true }, hidden: { value: 2, enumerable: false } });
run("proxy itself", mk(t1, "P"));
const o2 = Object.create(mk(t1, "P"));
Object.defineProperty(o2, "c", { value: 3, enumerable: true });
run("proxy as prototype", o2);
run("proxy two levels up", Object.create(Object.create(mk({ q: 1, r: 2 }, "P"))));
const inner = mk({ w: 1 }, "Inner");
run("proxy over a proxy chain", mk(Object.create(inner, { v: { value: 1, enumerable: true } }), "Outer"));
run("ordinary object between proxies", mk(Object.create(Object.create(mk({ deep: 1 }, "Deep"), { mid: { value: 1, enumerable: true } })), "Top"));
run("symbols skipped, order kept", mk({ [Symbol("s")]: 1, 2: "x", 1: "y", b: 3 }, "P"));
run("shadowed by own key", Object.assign(Object.create(mk({ a: 1, b: 2 }, "P")), { a: 0 }));
run("array target", mk([5, 6], "Arr"));

const t5: any = { a: 1, b: 2, c: 3 };
const p5 = mk(t5, "P");
log.length = 0;
for (const k in p5) {
  log.push("key " + k);
  if (k === "a") delete t5.b;
}
console.log("deleted during the loop\n  " + log.join("\n  "));

const lying = new Proxy({ real: 1 }, {
  ownKeys: () => { log.push("ownKeys"); return ["real", "ghost"]; },
  getOwnPropertyDescriptor: (t, k) => {
    log.push("gopd " + String(k));
    return k === "ghost" ? { value: 1, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(t, k);
  },
});
run("a key only the traps report", lying);

const throwing = new Proxy({ a: 1 }, { getOwnPropertyDescriptor() { throw new Error("gopd threw"); } });
try {
  for (const k in throwing) console.log("never", k);
} catch (e) {
  console.log("throwing trap:", (e as Error).message);
}
