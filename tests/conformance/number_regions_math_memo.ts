// A number region's entry remembers that the Math functions it calls are the built-ins until
// the next call or ordinary named store: replacing one by a store in the same loop, inline
// through the store's cache after its first miss, must be seen by the next iteration.
class Body {
  x = 0;
  v = 1;
}
const b = new Body();
const orig = Math.sqrt;
const fake = (n: number): number => -n;
const trace: number[] = [];
for (let i = 0; i < 12; i++) {
  const d = b.v * 4;
  const m = Math.sqrt(d) + Math.abs(-d);
  b.x = b.x + m;
  trace.push(b.x);
  Math.sqrt = i % 3 === 1 ? fake : orig;
}
Math.sqrt = orig;
console.log(trace.join(","));

// The same with Math.sqrt replaced through another object's reference to Math.
const holder = { m: Math };
const t2: number[] = [];
for (let i = 0; i < 10; i++) {
  const d = i + 0.25;
  const r = Math.sqrt(d) * 2;
  b.x = r + b.v;
  t2.push(b.x);
  holder.m.sqrt = i === 4 ? fake : orig;
}
Math.sqrt = orig;
console.log(t2.join(","));

// Keyed stores and defineProperty (calls) between iterations.
const t3: number[] = [];
const key = "sqrt";
for (let i = 0; i < 8; i++) {
  const d = i * i + 1;
  const r = Math.sqrt(d);
  b.x = r;
  t3.push(b.x);
  if (i === 2) (Math as any)[key] = fake;
  if (i === 4) Object.defineProperty(Math, "sqrt", { value: orig, writable: true, configurable: true });
  if (i === 6) Reflect.set(Math, "sqrt", (n: number) => n * 100);
}
Math.sqrt = orig;
console.log(t3.join(","));

// A region in a nested loop, Math replaced in the outer loop only.
let acc = 0;
for (let o = 0; o < 4; o++) {
  for (let i = 0; i < 5; i++) {
    const q = Math.sqrt(i + o) + 1;
    acc = acc + q;
  }
  Math.sqrt = o === 1 ? fake : orig;
}
Math.sqrt = orig;
console.log(acc.toFixed(6));

// globalThis.Math replaced with another object.
const realMath = Math;
const t4: number[] = [];
for (let i = 0; i < 6; i++) {
  const r = Math.sqrt(16) + i;
  b.x = r;
  t4.push(b.x);
  if (i === 2) (globalThis as any).Math = { sqrt: (n: number) => n + 0.5, abs: Math.abs };
  if (i === 4) (globalThis as any).Math = realMath;
}
console.log(t4.join(","));
