// `o[k]` and `o[k] = v` sites with string keys: each site remembers, per way
// its key selects, one (shape, key, location) of an own data property and
// reads or writes there while both match. Everything a cached location must
// not answer for: other shapes, other keys with the same way, equal strings
// made at run time, accessors, inherited and missing properties, read-only
// and frozen objects, dictionary objects, proxies, overflow slots, symbols and
// index keys. Enough allocation for collections to move keys and objects.
"use strict";

function bump(counts: Record<string, number>, k: string): void {
  counts[k] = (counts[k] ?? 0) + 1;
}

// Many keys through one site: more keys than ways, so ways are refilled.
const words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon".split(" ");
const counts: Record<string, number> = {};
for (let r = 0; r < 2000; r++) bump(counts, words[(r * 7) % words.length]);
console.log("counts", Object.keys(counts).length, words.map((w) => counts[w]).join(","));

// Keys made at run time (equal strings, other cells) hit the same property.
const made: Record<string, number> = { ab: 1, cd: 2 };
let total = 0;
for (let i = 0; i < 5000; i++) {
  const k = (i % 2 === 0 ? "a" : "c") + (i % 2 === 0 ? "b" : "d");
  made[k] = (made[k] as number) + 1;
  total += made[k];
}
console.log("made", made.ab, made.cd, total);

// One site, objects of several shapes with the same key at other slots.
function read(o: Record<string, unknown>, k: string): unknown {
  return o[k];
}
function write(o: Record<string, unknown>, k: string, v: unknown): void {
  o[k] = v;
}
const shapes = [{ x: 1 }, { y: 2, x: 3 }, { z: 0, y: 5, x: 6 }, { w: 1, z: 2, y: 3, x: 4 }];
let s = 0;
for (let i = 0; i < 4000; i++) {
  const o = shapes[i % 4];
  write(o, "x", (read(o, "x") as number) + 1);
  s += read(o, "x") as number;
}
console.log("shapes", shapes.map((o) => o.x).join(","), s);

// Inherited, missing and accessor properties are never cached as own data.
const proto = { inherited: "from proto" };
const child: Record<string, unknown> = Object.create(proto);
child.own = "own";
let log: string[] = [];
const acc: Record<string, unknown> = {
  plain: 1,
  get computed() {
    log.push("get");
    return 42;
  },
  set computed(v: unknown) {
    log.push("set " + String(v));
  },
};
for (let i = 0; i < 3; i++) {
  log.push(String(read(child, "own")), String(read(child, "inherited")), String(read(child, "missing")));
  log.push(String(read(acc, "plain")), String(read(acc, "computed")));
  write(acc, "computed", i);
}
console.log("kinds", log.join(" | "));

// The same key turns into an accessor, then is deleted: the object's shape
// changes, so the cached slot is not used.
const morph: Record<string, unknown> = { a: 1, b: 2 };
for (let i = 0; i < 3; i++) read(morph, "b");
Object.defineProperty(morph, "b", { get: () => "getter", configurable: true });
console.log("morph", read(morph, "b"));
delete morph.b;
console.log("deleted", read(morph, "b"), Object.keys(morph).join(","));
write(morph, "b", "again");
console.log("re-added", read(morph, "b"));

// Read-only and frozen objects: writes throw in strict code, reads work.
const ro: Record<string, unknown> = { k: 1 };
for (let i = 0; i < 3; i++) write(ro, "k", i);
Object.defineProperty(ro, "k", { writable: false });
try {
  write(ro, "k", 99);
} catch (e) {
  console.log("read-only", (e as Error).constructor.name, read(ro, "k"));
}
const frozen = Object.freeze({ k: "cold" }) as Record<string, unknown>;
try {
  write(frozen, "k", "hot");
} catch (e) {
  console.log("frozen", (e as Error).constructor.name, read(frozen, "k"));
}

// Many properties: the later ones live in the overflow array.
const wide: Record<string, number> = {};
for (let i = 0; i < 40; i++) wide["p" + i] = i;
let ws = 0;
for (let r = 0; r < 200; r++) for (let i = 0; i < 40; i += 3) {
  const k = "p" + i;
  wide[k] = wide[k] + 1;
  ws += wide[k];
}
console.log("wide", ws, wide.p39, wide.p0);

// A dictionary object (many deletes) and a proxy with the same keys.
const dict: Record<string, number> = {};
for (let i = 0; i < 100; i++) dict["d" + i] = i;
for (let i = 0; i < 100; i += 2) delete dict["d" + i];
let ds = 0;
for (let r = 0; r < 50; r++) for (let i = 1; i < 100; i += 2) {
  const k = "d" + i;
  dict[k] = dict[k] + 1;
  ds += dict[k];
}
console.log("dict", ds);
const target: Record<string, number> = { x: 1 };
const traps: string[] = [];
const px = new Proxy(target, {
  get(t, k, r) {
    traps.push("get " + String(k));
    return Reflect.get(t, k, r);
  },
  set(t, k, v, r) {
    traps.push("set " + String(k));
    return Reflect.set(t, k, v, r);
  },
});
for (let i = 0; i < 2; i++) {
  read(target, "x");
  write(px as Record<string, unknown>, "x", (read(px as Record<string, unknown>, "x") as number) + 1);
}
console.log("proxy", target.x, traps.join(","));

// Symbols and index-like keys through the same sites.
const sym = Symbol("s");
const mixed: Record<string | symbol, unknown> = { [sym]: "symbol", "0": "zero", "1": "one", name: "n" };
for (let i = 0; i < 3; i++) {
  console.log("mixed", read(mixed as Record<string, unknown>, "0"), read(mixed as Record<string, unknown>, "name"), (mixed as Record<symbol, unknown>)[sym], read(mixed as Record<string, unknown>, "1"));
}
const arr: unknown[] = ["a", "b"];
console.log("array", read(arr as unknown as Record<string, unknown>, "length"), read(arr as unknown as Record<string, unknown>, "1"));

// Class instances and objects that die: collections in between.
class Point {
  constructor(public x: number, public y: number) {}
}
let ps = 0;
for (let i = 0; i < 30000; i++) {
  const p = new Point(i, -i) as unknown as Record<string, number>;
  const k = i % 2 === 0 ? "x" : "y";
  p[k] = p[k] * 2;
  ps += p[k];
}
console.log("points", ps);
