// A throwing trap reaches the caller of every operation that can throw
// (for-in, isPrototypeOf, isFrozen, hasOwn, keys, assign, JSON, spread).
const boom = (name: string) => () => { throw new Error("trap " + name); };
function tryit(label: string, f: () => unknown) {
  try { console.log(label, "->", f()); } catch (e: any) { console.log(label, "threw", e.message); }
}
const p1 = new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") });
tryit("for-in ownKeys", () => { const ks: string[] = []; for (const k in p1) ks.push(k); return ks.join(); });
const p2 = new Proxy({}, { getPrototypeOf: boom("getPrototypeOf") });
tryit("instanceof", () => p2 instanceof Object);
tryit("isPrototypeOf", () => Object.prototype.isPrototypeOf(p2));
const p3 = new Proxy({}, { isExtensible: boom("isExtensible"), ownKeys: boom("ownKeys") });
tryit("isFrozen", () => Object.isFrozen(p3));
tryit("isSealed", () => Object.isSealed(p3));
const p4 = new Proxy({}, { get: boom("get") });
tryit("spread iterable", () => [...(p4 as any)]);
tryit("for-of", () => { for (const x of (p4 as any)) {} });
const p5 = new Proxy({}, { has: boom("has") });
tryit("in", () => "x" in p5);
tryit("with proto chain has", () => { const o = Object.create(p5); return "x" in o; });
const p6 = new Proxy({}, { getOwnPropertyDescriptor: boom("gopd") });
tryit("hasOwnProperty", () => Object.prototype.hasOwnProperty.call(p6, "x"));
tryit("Object.hasOwn", () => Object.hasOwn(p6, "x"));
tryit("propertyIsEnumerable", () => Object.prototype.propertyIsEnumerable.call(p6, "x"));
tryit("Object.keys", () => Object.keys(new Proxy({ a: 1 }, { getOwnPropertyDescriptor: boom("gopd") })));
tryit("JSON.stringify", () => JSON.stringify(new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") })));
tryit("Object.assign", () => Object.assign({}, new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") })));
tryit("spread obj", () => ({ ...new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") }) }));
tryit("Object.entries", () => Object.entries(new Proxy({ a: 1 }, { get: boom("get") })));
tryit("Array.isArray revoked", () => { const r = Proxy.revocable([], {}); r.revoke(); return Array.isArray(r.proxy); });
tryit("getPrototypeOf", () => Object.getPrototypeOf(p2));
tryit("set via proto chain", () => { const o = Object.create(new Proxy({}, { set: boom("set") })); o.x = 1; return o.x; });
tryit("get via proto chain", () => { const o = Object.create(new Proxy({}, { get: boom("get") })); return o.x; });
tryit("delete", () => delete (new Proxy({ a: 1 }, { deleteProperty: boom("deleteProperty") }) as any).a);
// for-in through a proxy on the prototype chain
const protoProxy = new Proxy({ inherited: 1, hidden: 2 }, {
  ownKeys: (t) => Reflect.ownKeys(t),
  getOwnPropertyDescriptor: (t, k) => k === "hidden" ? { value: 2, enumerable: false, configurable: true, writable: true } : Reflect.getOwnPropertyDescriptor(t, k),
});
const child = Object.create(protoProxy);
child.own = 3;
tryit("for-in proxy proto", () => { const ks: string[] = []; for (const k in child) ks.push(k); return ks.join(); });
tryit("isPrototypeOf proxy", () => protoProxy.isPrototypeOf(child) + " " + Object.prototype.isPrototypeOf.call(Object.prototype, protoProxy));
tryit("getOwnPropertyDescriptors", () => Object.getOwnPropertyDescriptors(new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") })));
tryit("getOwnPropertySymbols", () => Object.getOwnPropertySymbols(new Proxy({ a: 1 }, { ownKeys: boom("ownKeys") })));
tryit("defineProperties", () => Object.defineProperties({}, new Proxy({ a: { value: 1 } }, { ownKeys: boom("ownKeys") })));
tryit("JSON.parse reviver", () => JSON.stringify(JSON.parse('{"a":{"b":1}}', function (k, v) { return v; })));
