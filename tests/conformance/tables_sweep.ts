// @expose-gc
// Table sweeps (runtime/src/tables.rs): gc() at top level and the event loop
// free the atoms, shapes and symbols nothing names any more, and keep every
// one a live object, dictionary, symbol or cache still names. Keys whose
// only holder is an object's shape, symbols whose only holder is an object's
// key, dictionary objects, property caches warmed before a sweep, and keys
// interned again after their atoms were freed must all read as before.
declare function gc(): void;

function make(prefix: string, n: number): any {
  const o: any = {};
  for (let i = 0; i < n; i++) o[prefix + i] = i;
  return o;
}

// Keys named only by live objects' shapes (the strings are gone).
const kept: any[] = [];
for (let i = 0; i < 200; i++) kept.push(make("live_" + i + "_", 3));
// Garbage with unique keys: their atoms and shapes are swept.
let junk = 0;
for (let i = 0; i < 2000; i++) junk += Object.keys(JSON.parse('{"u_' + i + '": ' + i + "}")).length;
gc();
console.log(junk, kept.length, Object.keys(kept[7]).join(","), kept[199].live_199_2);

// Symbols kept only as keys of a live object.
const holder: any = {};
for (let i = 0; i < 50; i++) holder[Symbol("sym" + i)] = i;
for (let i = 0; i < 1000; i++) {
  const s = Symbol("dead" + i);
  const t = { [s]: i };
  junk += t[s];
}
gc();
const syms = Object.getOwnPropertySymbols(holder);
console.log(syms.length, String(syms[0]), syms[49].description, holder[syms[10]]);

// A dictionary object with unique keys, some deleted.
const dict: any = {};
for (let i = 0; i < 300; i++) dict["d" + i] = i;
for (let i = 0; i < 300; i += 2) delete dict["d" + i];
for (let i = 0; i < 1000; i++) {
  const d: any = {};
  d["gone" + i] = i;
  delete d["gone" + i];
}
gc();
console.log(Object.keys(dict).length, dict.d1, dict.d299, dict.d0, "d7" in dict, JSON.stringify(dict).length);

// Keys interned again after their atoms were freed.
const again = JSON.parse('{"u_5": 5, "u_1999": 6}');
console.log(Object.keys(again).join(","), again.u_5 + again.u_1999);

// A property read site warmed before the sweep, with shapes that died and
// shapes that live.
class Point {
  x: number;
  y: number;
  constructor(x: number, y: number) {
    this.x = x;
    this.y = y;
  }
}
function sumX(list: any[]): number {
  let s = 0;
  for (const p of list) s += p.x;
  return s;
}
const shapesA = [new Point(1, 2), { x: 3 }, { y: 1, x: 4 }];
console.log(sumX(shapesA));
for (let i = 0; i < 300; i++) sumX([{ ["k" + i]: 1, x: i }]);
gc();
console.log(sumX(shapesA), sumX([{ x: 10 }, new Point(5, 6)]));

// A symbol held in a variable survives; Symbol.for symbols are kept.
const mine = Symbol("mine");
const reg = Symbol.for("perry.tables");
gc();
const o2: any = { [mine]: 1, [reg]: 2 };
console.log(o2[mine], o2[Symbol.for("perry.tables")], Symbol.keyFor(reg), mine.toString());

// The event loop sweeps too: unique keys made in timers.
let rounds = 0;
function tick(): void {
  for (let i = 0; i < 500; i++) junk += JSON.parse('{"t' + rounds + "_" + i + '": 1}')["t" + rounds + "_" + i];
  if (++rounds < 5) setTimeout(tick, 0);
  else {
    gc();
    console.log(rounds, junk > 0, Object.keys(kept[3]).join(","), Object.getOwnPropertySymbols(holder).length);
  }
}
setTimeout(tick, 0);
