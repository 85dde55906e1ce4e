// Stores that add a property to a plain object through the cached
// transition: what must still run the ordinary [[Set]] instead.

class Builder {
  make(i: number): Record<string, unknown> {
    const o: Record<string, unknown> = {};
    o.a = i;
    o.b = { n: i };
    o.c = "c" + i;
    return o;
  }
  extend(o: Record<string, unknown>, v: unknown): Record<string, unknown> {
    o.added = v;
    return o;
  }
}
const b = new Builder();
let sum = 0;
for (let i = 0; i < 2000; i++) {
  const o = b.make(i);
  sum += (o.a as number) + (o.b as { n: number }).n + (o.c as string).length;
}
console.log("made", sum, JSON.stringify(b.make(7)), Object.keys(b.make(1)).join(","));

const shapes = [{}, { x: 1 }, { x: 1, y: 2 }, Object.create(null), Object.create({ inherited: 1 })];
for (let round = 0; round < 3; round++) {
  console.log(shapes.map((s) => JSON.stringify(b.extend({ ...s }, round))).join(" "));
}

// Non-extensible, sealed and frozen objects refuse (module code is strict).
for (const fix of [Object.preventExtensions, Object.seal, Object.freeze]) {
  const o = fix({ x: 1 });
  try {
    b.extend(o, 1);
    console.log(fix.name, "added", JSON.stringify(o));
  } catch (e) {
    console.log(fix.name, (e as Error).constructor.name, JSON.stringify(o));
  }
}

// A prototype with a setter or a read-only property by that name.
const withSetter = Object.create({
  set added(v: unknown) {
    console.log("proto setter", v);
  },
});
b.extend(withSetter, "s");
console.log("own after setter", Object.keys(withSetter).length);
const withReadonly = Object.create(Object.defineProperty({}, "added", { value: 0, writable: false }));
try {
  b.extend(withReadonly, "r");
} catch (e) {
  console.log("read-only", (e as Error).constructor.name);
}

// Object.prototype gains a setter, then a read-only property, for the name the site adds.
for (let i = 0; i < 3; i++) b.extend({}, i);
Object.defineProperty(Object.prototype, "added", {
  set(v: unknown) {
    console.log("Object.prototype setter", v);
  },
  configurable: true,
});
const viaSetter = b.extend({}, "via setter");
console.log("own", Object.keys(viaSetter).length);
Object.defineProperty(Object.prototype, "added", { value: 1, writable: false, configurable: true });
try {
  b.extend({}, "read-only");
} catch (e) {
  console.log("Object.prototype read-only", (e as Error).constructor.name);
}
delete (Object.prototype as Record<string, unknown>).added;
console.log("after delete", JSON.stringify(b.extend({}, "plain again")));

// Many properties: past the inline slots, and into dictionary mode.
const wide: Record<string, unknown> = {};
for (let i = 0; i < 200; i++) {
  b.extend(wide, i);
  wide["k" + i] = i;
}
console.log("wide", Object.keys(wide).length, wide.added, wide.k199);

// Objects stored by added properties survive collections.
const kept: Record<string, unknown>[] = [];
for (let i = 0; i < 3000; i++) {
  kept.push(b.extend({}, { i, s: "v" + i }));
  if (kept.length > 500) kept.shift();
}
let total = 0;
for (const k of kept) total += (k.added as { i: number }).i;
console.log("kept", kept.length, total);
