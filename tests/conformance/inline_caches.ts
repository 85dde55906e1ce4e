// Property reads and writes through the inline caches: monomorphic,
// polymorphic (up to four shapes), megamorphic sites, overflow slots, string
// methods, compound assignments, and changes that must invalidate them.
class P {
  constructor(public x: number, public y: number) {}
}
class Wide {
  constructor(
    public a: number, public b: number, public c: number, public d: number,
    public e: number, public f: number, public g: number,
  ) {}
}
function readX(o: any) {
  return o.x;
}
const shapes: any[] = [{ x: 1 }, { x: 2, y: 0 }, { a: 0, x: 3 }, new P(4, 0), { b: 0, c: 0, x: 5 }, { x: 6, z: 1 }, Object.create({ x: 7 }), { get x() { return 8; } }, [9], "str", 10];
let sum = "";
for (let r = 0; r < 3; r++) for (const o of shapes) sum += String(readX(o)) + ",";
console.log(sum);
// The first instance of a class and later ones share one layout.
const ps = [new P(1, 2), new P(3, 4), new P(5, 6)];
let t = 0;
for (let r = 0; r < 100; r++) for (const p of ps) { p.x += 1; t += p.x * p.y; }
console.log(t, ps.map((p) => p.x).join(), Object.keys(ps[0]).join());
// Seven fields: stores into slots of the overflow array.
const ws = [new Wide(1, 2, 3, 4, 5, 6, 7), new Wide(7, 6, 5, 4, 3, 2, 1)];
for (let r = 0; r < 50; r++) for (const w of ws) { w.g += w.a; w.f -= 1; w.e = w.g * 2; }
console.log(JSON.stringify(ws));
// Frozen and non-writable properties stay unwritable after the cache filled.
const target: any = { x: 1 };
function setX(o: any, v: number) { o.x = v; }
for (let i = 0; i < 5; i++) setX(target, i);
Object.freeze(target);
try { setX(target, 99); } catch (e) { console.log((e as Error).constructor.name, target.x); }
const ro: any = { x: 1 };
setX(ro, 2);
Object.defineProperty(ro, "x", { writable: false });
try { setX(ro, 3); } catch (e) { console.log((e as Error).constructor.name, ro.x); }
// A property turned into an accessor, or deleted, after reads were cached.
const acc: any = { x: 1, y: 2 };
for (let i = 0; i < 5; i++) readX(acc);
Object.defineProperty(acc, "x", { get() { return "getter"; } });
console.log(readX(acc));
delete acc.x;
console.log(readX(acc));
// String methods, including ones replaced or added on String.prototype.
const words = ["alpha", "beta", "gamma"];
let out = "";
for (let i = 0; i < 3; i++) for (const w of words) out += w.toUpperCase().slice(1, 3) + w.indexOf("a");
console.log(out);
const orig = String.prototype.toUpperCase;
(String.prototype as any).toUpperCase = function () { return "<" + this + ">"; };
console.log(words.map((w) => w.toUpperCase()).join());
String.prototype.toUpperCase = orig;
(String.prototype as any).shout = function () { return this + "!"; };
Object.defineProperty(String.prototype, "first", { get() { return this[0]; }, configurable: true });
console.log(words.map((w: any) => w.shout() + w.first + w.length).join());
delete (String.prototype as any).shout;
try { (words[0] as any).shout(); } catch (e) { console.log((e as Error).constructor.name); }
console.log((5).toFixed(2), true.toString(), "x".constructor === String);
// Numbers to strings.
const nums = [0, -0, 7, 1023, 1024, -1, -1024, 2 ** 31, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 2, -(2 ** 60), 1e21, 1.5, -0.25, NaN, Infinity, 123456789012];
console.log(nums.map((n) => `${n}`).join("|"), nums.map(String).join("|"), nums.join("|"));
