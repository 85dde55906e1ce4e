// A number region's entry remembers that a receiver it tested (its class's shape, numbers in
// the fields it reads) is unchanged until a call, a named store, a store to a predicted field
// outside a region, or a write of the binding. Each of those, between two entries, must be
// seen by the next one. The loops below make no other call (results go into arrays).
class Vec {
  x = 1;
  y = 2;
  w = 0.5;
}
const odd: Vec = Object.assign(Object.create(Vec.prototype), { w: 5, y: 7, x: 11 });
class Sub extends Vec {
  z = 3;
}

// A receiver declared in the loop before the region: objects of another shape, their fields
// at other offsets, must be tested at every entry.
function declared(xs: Vec[]): string {
  const b = new Vec();
  const out = new Array<number>(xs.length * 2).fill(0);
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i];
    const s = v.x - v.w;
    b.x = s + v.y;
    out[i] = b.x;
  }
  let k = 0;
  while (k < xs.length) {
    const v = xs[xs.length - 1 - k];
    const s = v.x / v.w;
    b.y = s - v.y;
    out[xs.length + k] = b.y;
    k++;
  }
  return out.join(",");
}
console.log("declared", declared([new Vec(), odd, new Vec(), new Sub(), odd, new Vec()]));

// A let receiver assigned in the loop, after the region.
function assigned(xs: Vec[]): string {
  const b = new Vec();
  let a = xs[0];
  const out = new Array<number>(8).fill(0);
  for (let i = 0; i < 8; i++) {
    const s = a.x * 3 - a.w;
    b.y = s + a.y;
    out[i] = b.y;
    a = xs[(i + 1) % xs.length];
  }
  return out.join(",");
}
console.log("assigned", assigned([new Vec(), odd, new Sub(), odd]));

// Stores between entries, in the same function, with no call.
function stores(): string {
  const a = new Vec();
  const b = new Vec();
  const alias: any = a;
  const out = new Array<number>(12).fill(0);
  for (let i = 0; i < 12; i++) {
    const s = a.x - a.w;
    b.x = s + a.y;
    out[i] = b.x;
    if (i === 1) a.x = 5; // a predicted field store (a number)
    if (i === 3) (a as any).x = "9"; // a predicted field store (a string)
    if (i === 5) alias.x = 4; // an ordinary named store
    if (i === 7) alias.w = "8";
    if (i === 9) alias.w = 2;
    if (i === 10) a.y = 100;
  }
  return out.join(",");
}
console.log("stores", stores());

// Calls between entries.
function poke(v: Vec, i: number): void {
  if (i === 2) (v as any).w = "3";
  if (i === 4) delete (v as any).w;
  if (i === 6) (v as any).w = 1;
  if (i === 7) Object.defineProperty(v, "x", { get: () => 50 });
}
function calls(): string {
  const a = new Vec();
  const b = new Vec();
  const out = new Array<number>(10).fill(0);
  for (let i = 0; i < 10; i++) {
    const s = a.x + a.w * 2;
    b.w = s - a.y;
    out[i] = b.w;
    poke(a, i);
  }
  return out.join(",");
}
console.log("calls", calls());

// A method that writes the receiver's field, run in place.
class Holder {
  v = new Vec();
  poke(k: number): void {
    if (k === 3) this.v.x = 9;
    if (k === 4) (this.v as any).y = "1";
  }
  loop(): string {
    const v = this.v;
    const out = new Array<number>(7).fill(0);
    for (let i = 0; i < 7; i++) {
      const s = v.x * 2 + v.y;
      v.w = s / 4;
      out[i] = v.w;
      this.poke(i);
    }
    return out.join(",");
  }
}
console.log("method", new Holder().loop());

// Two regions on one receiver reading different fields.
function tworegions(xs: Vec[]): string {
  const b = new Vec();
  const out = new Array<number>(xs.length * 2).fill(0);
  for (let i = 0; i < xs.length; i++) {
    const v = xs[i];
    const s = v.x + 1;
    b.x = s * 2;
    out[2 * i] = b.x;
    if (i === 2) (v as any).y = "2";
    const t = v.y + v.w;
    b.y = t;
    out[2 * i + 1] = b.y;
  }
  return out.join(",");
}
console.log("two", tworegions([new Vec(), new Vec(), new Vec(), new Vec()]));
