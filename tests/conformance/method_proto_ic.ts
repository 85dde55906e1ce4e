// Method calls through the inline prototype entries (`o.m()` where `m` is
// inherited one or two prototypes up), and inline Array push and pop: every
// way the cached answer can go stale.

class Base {
  who(): string {
    return "base";
  }
  twice(): string {
    return this.who() + this.who();
  }
}
class Mid extends Base {
  who(): string {
    return "mid";
  }
}
class Leaf extends Mid {}
class Other extends Base {}

function call(o: Base): string {
  return o.who();
}
const objs: Base[] = [new Base(), new Mid(), new Leaf(), new Other()];
for (let round = 0; round < 3; round++) {
  console.log(objs.map(call).join(" "), objs.map((o) => o.twice()).join(" "));
}

// A method replaced on the prototype, then deleted (back to the inherited one).
const leaf = new Leaf();
for (let i = 0; i < 3; i++) call(leaf);
Mid.prototype.who = function () {
  return "mid2";
};
console.log("replaced", call(leaf));
delete (Mid.prototype as { who?: unknown }).who;
console.log("deleted", call(leaf));
(Base.prototype as { who: () => string }).who = () => "base2";
console.log("base replaced", call(leaf), call(new Other()));

// An own property shadows the inherited method.
const shadow = new Other();
console.log("before own", call(shadow));
(shadow as { who: () => string }).who = () => "own";
console.log("own", call(shadow));

// The instance's prototype swapped.
const swapped = new Other();
console.log("before swap", call(swapped));
Object.setPrototypeOf(swapped, { who: () => "swapped" });
console.log("swap", call(swapped));
Object.setPrototypeOf(swapped, null);
try {
  call(swapped);
} catch (e) {
  console.log("null proto", (e as Error).constructor.name);
}

// An accessor where a method was.
class G {
  m(): string {
    return "method";
  }
}
const g = new G();
function callM(o: G): string {
  return o.m();
}
console.log(callM(g), callM(g));
Object.defineProperty(G.prototype, "m", { get: () => () => "from getter", configurable: true });
console.log(callM(g));

// A non-function found where a method is expected.
Object.defineProperty(G.prototype, "m", { value: 1, configurable: true });
try {
  callM(g);
} catch (e) {
  console.log("not callable", (e as Error).constructor.name, (e as Error).message);
}

// Many methods (past the prototype's inline slots).
class Wide {
  m0() { return 0; }
  m1() { return 1; }
  m2() { return 2; }
  m3() { return 3; }
  m4() { return 4; }
  m5() { return 5; }
  m6() { return 6; }
  m7() { return 7; }
  m8() { return 8; }
  m9() { return 9; }
  m10() { return 10; }
  m11() { return 11; }
  m12() { return 12; }
  m13() { return 13; }
  m14() { return 14; }
  m15() { return 15; }
  m16() { return 16; }
  m17() { return 17; }
  m18() { return 18; }
  m19() { return 19; }
}
class WideSub extends Wide {}
let wsum = 0;
for (const w of [new Wide(), new WideSub(), new Wide()]) {
  for (let i = 0; i < 3; i++) wsum += w.m0() + w.m10() + w.m19();
}
console.log("wide", wsum);

// Array push and pop, inline and not.
const a: number[] = [];
for (let i = 0; i < 20; i++) a.push(i * 2);
let popped = 0;
for (let i = 0; i < 5; i++) popped += a.pop()!;
console.log("array", a.length, popped, a.push(99), a.join(","));
const empty: number[] = [];
console.log("pop empty", empty.pop(), empty.length);
const holes = [1, , 3];
holes.pop();
console.log("pop hole", holes.pop(), holes.length, 1 in holes);
const frozen = Object.freeze([1, 2, 3]) as number[];
try {
  frozen.push(4);
} catch (e) {
  console.log("frozen push", (e as Error).constructor.name);
}
try {
  frozen.pop();
} catch (e) {
  console.log("frozen pop", (e as Error).constructor.name);
}
const sealed = Object.seal([1, 2]);
try {
  sealed.pop();
} catch (e) {
  console.log("sealed pop", (e as Error).constructor.name, sealed.length);
}
const fixed = Object.preventExtensions([1]);
try {
  fixed.push(2);
} catch (e) {
  console.log("non-extensible push", (e as Error).constructor.name, fixed.length);
}
const ro: number[] = [1, 2];
Object.defineProperty(ro, "length", { writable: false });
try {
  ro.push(3);
} catch (e) {
  console.log("read-only length push", (e as Error).constructor.name, ro.length, ro[2]);
}
try {
  ro.pop();
} catch (e) {
  console.log("read-only length pop", (e as Error).constructor.name, ro.length);
}
const own: number[] = [];
(own as unknown as { push: (x: number) => string }).push = (x: number) => "own push " + x;
console.log(own.push(1), own.length);
const saved = Array.prototype.push;
Array.prototype.push = function (this: unknown[], x: unknown) {
  return saved.call(this, x, x);
};
const dbl: number[] = [];
dbl.push(7);
console.log("patched", dbl.length, dbl.join(","));
Array.prototype.push = saved;
dbl.push(8);
console.log("restored", dbl.length, dbl.join(","));
const arrayLike = { length: 0, push: Array.prototype.push, pop: Array.prototype.pop };
arrayLike.push(5);
console.log("array-like", arrayLike.length, arrayLike.pop(), arrayLike.length);
class MyArray extends Array<number> {}
const mine = new MyArray();
mine.push(1);
mine.push(2);
console.log("subclass", mine.length, mine.pop(), mine.length, mine instanceof MyArray);
// Objects pushed into an old array survive collections.
const keep: { n: number }[] = [];
for (let i = 0; i < 2000; i++) {
  keep.push({ n: i });
  if (keep.length > 1000) keep.pop();
}
let ksum = 0;
for (const k of keep) ksum += k.n;
console.log("kept", keep.length, ksum);
