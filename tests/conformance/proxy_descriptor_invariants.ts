// IsCompatiblePropertyDescriptor: the getOwnPropertyDescriptor and defineProperty
// traps' results are checked against the target's own property.
function tryit(label: string, f: () => unknown) {
  try { console.log(label, "->", JSON.stringify(f())); } catch (e: any) { console.log(label, "threw", e.constructor.name + ": " + e.message); }
}
const frozenTarget = () => { const t = {}; Object.defineProperty(t, "x", { value: 1, writable: false, enumerable: true, configurable: false }); return t; };
const ncWritable = () => { const t = {}; Object.defineProperty(t, "x", { value: 1, writable: true, enumerable: true, configurable: false }); return t; };
const acc = () => { const t = {}; Object.defineProperty(t, "x", { get() { return 1; }, enumerable: false, configurable: false }); return t; };
// getOwnPropertyDescriptor: incompatible results
tryit("gopd value differs", () => Object.getOwnPropertyDescriptor(new Proxy(frozenTarget(), { getOwnPropertyDescriptor: () => ({ value: 2, writable: false, enumerable: true, configurable: false }) }), "x"));
tryit("gopd same", () => Object.getOwnPropertyDescriptor(new Proxy(frozenTarget(), { getOwnPropertyDescriptor: () => ({ value: 1, writable: false, enumerable: true, configurable: false }) }), "x"));
tryit("gopd enumerable differs", () => Object.getOwnPropertyDescriptor(new Proxy(frozenTarget(), { getOwnPropertyDescriptor: () => ({ value: 1, writable: false, enumerable: false, configurable: false }) }), "x"));
tryit("gopd accessor vs data", () => Object.getOwnPropertyDescriptor(new Proxy(frozenTarget(), { getOwnPropertyDescriptor: () => ({ get() { return 1; }, enumerable: true, configurable: false }) }), "x"));
tryit("gopd configurable true for nc", () => Object.getOwnPropertyDescriptor(new Proxy(frozenTarget(), { getOwnPropertyDescriptor: () => ({ value: 1, writable: false, enumerable: true, configurable: true }) }), "x"));
tryit("gopd nc non-writable vs writable target", () => Object.getOwnPropertyDescriptor(new Proxy(ncWritable(), { getOwnPropertyDescriptor: () => ({ value: 1, writable: false, enumerable: true, configurable: false }) }), "x"));
tryit("gopd accessor getter differs", () => Object.getOwnPropertyDescriptor(new Proxy(acc(), { getOwnPropertyDescriptor: () => ({ get() { return 2; }, enumerable: false, configurable: false }) }), "x"));
tryit("gopd new on non-extensible", () => Object.getOwnPropertyDescriptor(new Proxy(Object.preventExtensions({}), { getOwnPropertyDescriptor: () => ({ value: 1, writable: true, enumerable: true, configurable: true }) }), "y"));
tryit("gopd configurable ok", () => Object.getOwnPropertyDescriptor(new Proxy({ x: 1 }, { getOwnPropertyDescriptor: () => ({ value: 5, writable: true, enumerable: true, configurable: true }) }), "x"));
// defineProperty: incompatible
const dp = (t: object) => new Proxy(t, { defineProperty: () => true });
tryit("dp value differs", () => Object.defineProperty(dp(frozenTarget()), "x", { value: 2 }));
tryit("dp same value", () => Object.keys(Object.defineProperty(dp(frozenTarget()), "x", { value: 1 })));
tryit("dp configurable true", () => Object.defineProperty(dp(frozenTarget()), "x", { configurable: true }));
tryit("dp enumerable differs", () => Object.defineProperty(dp(frozenTarget()), "x", { enumerable: false }));
tryit("dp accessor for data", () => Object.defineProperty(dp(frozenTarget()), "x", { get() { return 1; } }));
tryit("dp writable true on frozen", () => Object.defineProperty(dp(frozenTarget()), "x", { writable: true }));
tryit("dp nc writable -> non-writable", () => Object.defineProperty(dp(ncWritable()), "x", { writable: false, configurable: false }));
tryit("dp nc writable -> writable false only", () => Object.defineProperty(dp(ncWritable()), "x", { writable: false }));
tryit("dp setter differs", () => Object.defineProperty(dp(acc()), "x", { set(v: unknown) {} }));
tryit("dp empty", () => Object.keys(Object.defineProperty(dp(frozenTarget()), "x", {})));
tryit("dp config false new", () => Object.defineProperty(dp({}), "y", { value: 1, configurable: false }));
tryit("dp config false on configurable", () => Object.defineProperty(dp({ x: 1 }), "x", { value: 1, configurable: false }));
tryit("Reflect.dp value differs", () => Reflect.defineProperty(dp(frozenTarget()), "x", { value: 2 }));
