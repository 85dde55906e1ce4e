// Map get/has/set and Set has/add, which compiled code calls in the runtime directly while the
// receiver is a Map (or Set) with no own property by that name whose prototype still holds the
// built-in: each condition is broken in another way between calls of the same code.

const log: string[] = [];
const out = (...xs: unknown[]) => {
  log.push(xs.map((x) => (typeof x === "string" ? x : JSON.stringify(x) ?? String(x))).join(" "));
};

function useMap(label: string, m: any) {
  const r: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    try {
      const back = m.set(i % 2 ? -0 : i, `v${i}`);
      r.push(back === m, m.get(i), m.has(0), m.get(-0), m.has(i + 100));
    } catch (e) {
      r.push(`${(e as Error).constructor.name}: ${(e as Error).message}`);
    }
  }
  out(label, r);
}
function useSet(label: string, s: any) {
  const r: unknown[] = [];
  for (let i = 0; i < 3; i++) {
    try {
      const back = s.add(i % 2 ? -0 : i);
      r.push(back === s, s.has(i), s.has(0), s.has(-0), s.has("x"));
    } catch (e) {
      r.push(`${(e as Error).constructor.name}: ${(e as Error).message}`);
    }
  }
  out(label, r);
}
// The same sites see other receivers too.
function anyGet(label: string, xs: any[]) {
  out(label, xs.map((x) => { try { return x.get("k"); } catch (e) { return (e as Error).constructor.name; } }));
}

useMap("map", new Map());
useSet("set", new Set());
anyGet("poly", [new Map([["k", 1]]), { get: (k: string) => `plain ${k}` }, new Map(), new WeakMap()]);

// Not a Map, but with Map.prototype: the built-in throws.
useMap("fake-map", Object.create(Map.prototype));
useSet("fake-set", Object.create(Set.prototype));
useSet("map-as-set", new Map());

// A subclass overriding a method; an own property; another prototype.
class LoudMap<K, V> extends Map<K, V> {
  get(k: K): V | undefined {
    return `loud ${String(super.get(k))}` as any;
  }
}
useMap("subclass", new LoudMap());
{
  const m = new Map();
  (m as any).has = () => "own has";
  useMap("own", m);
  const n = new Map();
  Object.setPrototypeOf(n, { __proto__: Map.prototype, set(this: Map<unknown, unknown>, k: unknown) { return Map.prototype.set.call(this, k, "other"); } });
  useMap("other-proto", n);
}

// The method replaced inside its own arguments: the one read before the arguments runs.
{
  const m = new Map();
  const realSet = Map.prototype.set;
  out("arg-replaces", m.set("a", ((Map.prototype.set = function (this: Map<unknown, unknown>, k: unknown) { return realSet.call(this, k, "patched"); }), 1)) === m, m.get("a"));
  useMap("patched", new Map());
  Map.prototype.set = realSet;
  useMap("restored", new Map());
}

// Replaced by defineProperty, deleted, made an accessor.
Object.defineProperty(Map.prototype, "get", { value: function (this: Map<unknown, unknown>, k: unknown) { return `defined ${String(k)}`; }, configurable: true, writable: true });
useMap("get-defined", new Map());
const realAdd = Set.prototype.add;
delete (Set.prototype as any).add;
useSet("add-deleted", new Set());
Object.defineProperty(Set.prototype, "add", { get: () => function (this: Set<unknown>, v: unknown) { return realAdd.call(this, typeof v === "number" ? v + 1 : v); }, configurable: true });
useSet("add-accessor", new Set());
Reflect.set(Set.prototype, "has", () => "reflected");
useSet("has-reflected", new Set());

console.log(log.join("\n"));
