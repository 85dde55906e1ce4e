// Object literal sites whose objects get more properties later: once one
// outgrows its inline slots, the site makes the next ones with spare slots.
// The objects must read, enumerate, serialise, copy and freeze the same
// whichever layout they got, before and after the site grew, and past the
// spare slots.

function summary(i: number) {
  return { kind: "k" + (i % 3), area: i * 2, perimeter: i + 1 };
}

const made: Array<Record<string, unknown>> = [];
for (let i = 0; i < 1500; i++) {
  const s: Record<string, unknown> = summary(i);
  if (i % 4 === 1) s.diagonal = i / 2;
  if (i % 8 === 3) {
    s.diagonal = -i;
    s.extra = "x";
    s.more = [i];
  }
  if (i % 16 === 7) {
    // Past the spare slots: the overflow array.
    for (let j = 0; j < 7; j++) s["p" + j] = j * i;
  }
  made.push(s);
}
let area = 0;
let diag = 0;
let keys = 0;
for (const s of made) {
  area += s.area as number;
  if (s.diagonal !== undefined) diag += s.diagonal as number;
  keys += Object.keys(s).length;
}
console.log("totals", made.length, area, diag, keys);
for (const i of [0, 1, 3, 7, 1499, 1497, 1495, 1479]) console.log(i, JSON.stringify(made[i]));
console.log("spread", JSON.stringify({ ...made[7] }), JSON.stringify(Object.assign({}, made[3])));
console.log("entries", Object.entries(made[1]).map(([k, v]) => `${k}=${v}`).join(","));

// Objects made before and after the site grew are alike to every observer.
const early = made[0];
const late = summary(0);
console.log("alike", JSON.stringify(early) === JSON.stringify(late), Object.keys(late).join(","), "diagonal" in late, late.hasOwnProperty("diagonal"));

// Freezing, deleting and redefining on a grown site's objects.
const f = Object.freeze(summary(5)) as Record<string, unknown>;
try {
  (f as { area: number }).area = 1;
} catch (e) {
  console.log("frozen", (e as Error).constructor.name, f.area, Object.isFrozen(f));
}
const d: Record<string, unknown> = summary(6);
d.tmp = 1;
delete d.kind;
delete d.tmp;
d.kind = "back";
console.log("deleted", JSON.stringify(d), Object.keys(d).join(","));
const g = summary(8);
Object.defineProperty(g, "area", { get: () => "computed", enumerable: true });
console.log("redefined", g.area, JSON.stringify(g));

// Two sites with the same keys in the same order share a shape: when one
// site's objects grow, both sites keep making correct objects.
function pointA(x: number) {
  return { x, y: -x };
}
function pointB(x: number) {
  return { x: x * 10, y: x };
}
let s1 = 0;
for (let i = 0; i < 1000; i++) {
  const a: Record<string, number> = pointA(i);
  if (i % 2) a.z = i;
  const b: Record<string, number> = pointB(i);
  s1 += a.x + a.y + (a.z ?? 0) + b.x + b.y + (b.z ?? 0) + Object.keys(b).length;
}
console.log("shared", s1, JSON.stringify(pointA(2)), JSON.stringify(pointB(3)));

// A site in a loop that keeps its objects: collections move them.
const kept: Array<{ id: number; tags?: string[]; note?: string }> = [];
for (let i = 0; i < 10000; i++) {
  const o: { id: number; tags?: string[]; note?: string } = { id: i };
  if (i % 3 === 0) o.tags = ["t" + i];
  if (i % 5 === 0) o.note = "n" + i;
  if (i % 100 === 0) kept.push(o);
}
console.log("kept", kept.length, kept.slice(0, 4).map((o) => JSON.stringify(o)).join(" "), kept[99].id);
