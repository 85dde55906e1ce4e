// @expose-gc
// WeakMap, WeakSet, WeakRef and FinalizationRegistry: what a program can
// observe. Collection is observed through FinalizationRegistry callbacks,
// which run after the main job (once gc() found the targets dead). Which
// targets die is deterministic; the order of callbacks is not, so they are
// collected and printed sorted.

const seen: string[] = [];
const EXPECTED = 4;
const registry = new FinalizationRegistry((held: string) => {
  seen.push(held);
  if (seen.length === EXPECTED) console.log("collected:", seen.sort().join(", "));
});

const wm = new WeakMap<object, any>();
const ws = new WeakSet<object>();
const roots: any[] = [];

// A: a value that references its own key does not keep the key alive.
(function () {
  const k = { name: "A" };
  wm.set(k, { back: k, payload: new Array(100).fill(1) });
  registry.register(k, "A-key");
})();

// B: an ephemeron chain from a live key stays alive.
(function () {
  const k1 = { name: "B1" };
  const k2 = { name: "B2" };
  const k3 = { name: "B3" };
  wm.set(k1, k2);
  wm.set(k2, k3);
  wm.set(k3, { end: "B" });
  registry.register(k3, "B-tail (must stay)");
  roots.push(k1);
})();

// C: the same chain from a dead key dies entirely.
(function () {
  const k1 = { name: "C1" };
  const k2 = { name: "C2" };
  wm.set(k1, k2);
  wm.set(k2, { end: "C" });
  registry.register(k1, "C-head");
  registry.register(k2, "C-tail");
})();

// D: WeakSet members die with their last strong reference.
(function () {
  const d = { name: "D" };
  ws.add(d);
  registry.register(d, "D-member");
})();

// E: an unregistered target is never reported.
const token = {};
(function () {
  const e = { name: "E" };
  registry.register(e, "E (unregistered)", token);
})();
console.log("unregister:", registry.unregister(token), registry.unregister(token));

// F: a live WeakSet member and WeakMap entry survive.
const liveKey = { name: "F" };
ws.add(liveKey);
wm.set(liveKey, "F-value");

gc();

const b1 = roots[0];
const b2 = wm.get(b1);
const b3 = wm.get(b2);
console.log("chain:", b1.name, b2.name, b3.name, wm.get(b3).end);
console.log("live:", ws.has(liveKey), wm.get(liveKey), wm.has({}), ws.has({}));
console.log("delete:", wm.delete(liveKey), wm.has(liveKey), ws.delete(liveKey), ws.has(liveKey));

// WeakRef: the target is kept for the rest of the job that created it.
const ref = new WeakRef({ kept: true });
gc();
console.log("deref:", ref.deref());

// Errors and brand checks, as V8 words them.
for (const f of [
  () => wm.set(1 as any, 2),
  () => ws.add("s" as any),
  () => new WeakRef(1 as any),
  () => registry.register(1 as any, "x"),
  () => registry.register(liveKey, liveKey),
  () => registry.unregister(1 as any),
  () => wm.set(Symbol.for("registered") as any, 1),
  () => WeakMap.prototype.get.call(new Map(), {}),
  () => (WeakMap as any)(),
]) {
  try {
    f();
    console.log("no error");
  } catch (e: any) {
    console.log(e.constructor.name + ": " + e.message);
  }
}
// Unregistered symbols can be held weakly.
const sym = Symbol("local");
wm.set(sym as any, "symbol key");
console.log(wm.get(sym as any), wm.get(1 as any), ws.has(1 as any));
console.log(new WeakMap([[liveKey, 1]]).get(liveKey), new WeakSet([liveKey]).has(liveKey));
console.log(wm, ws, ref, registry);
console.log(Object.prototype.toString.call(wm), Object.prototype.toString.call(ref), String(registry));
console.log(typeof WeakRef.prototype.deref, WeakMap.length, WeakRef.length, FinalizationRegistry.length);
// Keep everything that must stay alive reachable to the end.
console.log(roots.length, liveKey.name, token !== null);
