// The traps Object.entries/values/keys/assign, spread, JSON.stringify, for-in and
// conversions run on a proxy, in Node's order and count.
const log: string[] = [];
const h: any = {};
for (const k of ["get", "has", "ownKeys", "getOwnPropertyDescriptor", "defineProperty", "set", "deleteProperty", "getPrototypeOf"]) {
  h[k] = (...a: any[]) => { log.push(k + ":" + (typeof a[1] === "symbol" ? a[1].toString() : String(a[1]))); return (Reflect as any)[k](...a); };
}
const t: any = { a: 1, b: [1, 2], c: { d: "x" } };
const p = new Proxy(t, h);
function show(label: string, f: () => any) { log.length = 0; let r; try { r = JSON.stringify(f()); } catch (e: any) { r = "threw " + e.constructor.name + " " + e.message; } console.log(label, r, log.join(",")); }
show("stringify", () => JSON.stringify(p));
show("entries", () => Object.entries(p));
show("values", () => Object.values(p));
show("keys", () => Object.keys(p));
show("assign", () => Object.assign({}, p));
show("spread", () => ({ ...p }));
show("arr", () => JSON.stringify(new Proxy([1, 2], h)));
show("isFrozen", () => Object.isFrozen(p));
show("getOwnPropertyDescriptors", () => Object.getOwnPropertyDescriptors(p));
show("forin", () => { const r = []; for (const k in p) r.push(k); return r; });
show("hasOwn", () => Object.hasOwn(p, "a"));
show("in", () => "zz" in p);
show("str", () => String(p));
show("tmpl", () => `${new Proxy({}, h)}`);
