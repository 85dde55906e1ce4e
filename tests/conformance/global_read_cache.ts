// Global variables read through a one-entry inline cache keyed by the
// global object's shape: defining, redefining, deleting and accessor
// globals must all be seen.

declare const late: number;
function readLate(): string {
  try {
    return String(late);
  } catch (e) {
    return (e as Error).constructor.name + ": " + (e as Error).message;
  }
}
const g = globalThis as any;
for (let i = 0; i < 3; i++) console.log(readLate());
g.late = 1;
console.log(readLate(), readLate());
g.late = 2;
console.log(readLate());
g.other = "x";
console.log(readLate());
delete g.late;
console.log(readLate());
let calls = 0;
Object.defineProperty(g, "late", { get: () => ++calls, configurable: true });
console.log(readLate(), readLate(), calls);
Object.defineProperty(g, "late", { value: 42, writable: true, configurable: true });
console.log(readLate());

// Built-in globals in a loop, and after one is replaced.
let sum = 0;
for (let i = 0; i < 1000; i++) sum += Math.floor(i / 3) + Number("1") + (Reflect.has({ a: 1 }, "a") ? 1 : 0);
console.log(sum);
const savedReflect = Reflect;
g.Reflect = { has: () => false };
let sum2 = 0;
for (let i = 0; i < 10; i++) sum2 += Reflect.has({ a: 1 }, "a") ? 1 : 0;
console.log(sum2);
g.Reflect = savedReflect;
console.log(Reflect.has({ a: 1 }, "a"), typeof JSON, typeof notDefinedAnywhere);
try {
  // @ts-ignore
  console.log(notDefinedAnywhere);
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
