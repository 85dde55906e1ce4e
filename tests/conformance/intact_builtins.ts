// Built-ins that compiled code runs inline while a watch says they are unchanged
// (`Number.isFinite`, `Math.sqrt`, `xs.push`, `xs.map`...): each is changed in another way
// between calls of the same code, which must then see the change.

const log: string[] = [];
// (No Array.prototype method here: the program replaces them.)
const out = (...xs: unknown[]) => {
  let line = "";
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    line += (i ? " " : "") + (typeof x === "string" ? x : JSON.stringify(x) ?? String(x));
  }
  log[log.length] = line;
};

function numberChecks(x: unknown): unknown[] {
  return [Number.isFinite(x), Number.isInteger(x), Number.isNaN(x), Number.isSafeInteger(x)];
}
function mathChecks(a: any, b: any): unknown[] {
  return [Math.sqrt(a), Math.abs(a), Math.floor(a), Math.ceil(a), Math.trunc(a), Math.min(a, b), Math.max(a, b), Math.imul(a, b)];
}
function arrayChecks(xs: number[]): unknown[] {
  const ys = xs.slice();
  const n = ys.push(9);
  const last = ys.pop();
  ys.forEach((v) => v);
  return [n, last, ys.map((v) => v * 2), ys.filter((v) => v > 1), ys.some((v) => v > 2), ys.every((v) => v > 0), ys.find((v) => v > 1), ys.findIndex((v) => v > 1), ys.reduce((a, v) => a + v, 0), ys.reduceRight((a, v) => a + v, "")];
}
function all(step: string) {
  for (let i = 0; i < 3; i++) {
    numberChecks(i);
    mathChecks(i + 0.5, -i);
    arrayChecks([i, i + 1]);
  }
  out(step, numberChecks(2.5), numberChecks("3"), mathChecks(-7.5, 2), mathChecks("9", "4"), arrayChecks([1, 2, 3]));
}

all("start");

// The arguments are evaluated after the callee is read: the built-in runs.
out("arg-replaces", Number.isFinite((((Number as any).isFinite = (x: unknown) => `patched ${x}`), 5)));
out("after", Number.isFinite(5));
const xs = [1];
const realPush = Array.prototype.push;
out("push-arg-replaces", xs.push((((Array.prototype as any).push = function (this: number[], v: number) { return realPush.call(this, v * 100); }), 2)), xs.length);
out("push-after", xs.push(3), xs);

// Number: an accessor, a deletion, a keyed store.
Object.defineProperty(Number, "isInteger", { get: () => (x: unknown) => `getter ${x}`, configurable: true });
all("isInteger-accessor");
delete (Number as any).isNaN;
try {
  all("isNaN-deleted");
} catch (e) {
  out("isNaN-deleted throws", (e as Error).constructor.name);
}
(Number as any).isNaN = (x: unknown) => x !== x;
const key = ["is", "Safe", "Integer"].join("");
for (const v of [1, 2]) (Number as any)[key] = (x: unknown) => `keyed ${x} ${v}`;
all("isSafeInteger-keyed");

// Math: Object.assign, a keyed store in a loop, defineProperty, Reflect.set, a frozen Math.
Object.assign(Math, { sqrt: (x: number) => `assigned ${x}` });
all("sqrt-assign");
for (const name of ["abs", "floor"]) (Math as any)[name] = (x: number) => `${name} ${x}`;
all("abs-floor-keyed");
Object.defineProperty(Math, "ceil", { value: (x: number) => `defined ${x}` });
Reflect.set(Math, "min", (a: number, b: number) => `reflected ${a} ${b}`);
all("ceil-min");
Object.freeze(Math);
all("frozen-math");

// Array.prototype: defineProperty, delete, an own property on one array, another prototype,
// Reflect.set, and a subclass.
Object.defineProperty(Array.prototype, "map", { value: function (this: number[]) { return ["mapped", this.length]; }, configurable: true, writable: true });
all("map-defined");
const savedFilter = Array.prototype.filter;
delete (Array.prototype as any).filter;
try {
  all("filter-deleted");
} catch (e) {
  out("filter-deleted throws", (e as Error).constructor.name);
}
(Array.prototype as any).filter = savedFilter;
const own = [5, 6];
(own as any).some = () => "own some";
out("own-some", own.some((v) => v > 5), [5, 6].some((v) => v > 5));
const other = Object.setPrototypeOf([7, 8], { every: () => "other every", find: Array.prototype.find });
out("other-proto", other.every((v: number) => v > 0), other.find((v: number) => v > 7));
Reflect.set(Array.prototype, "reduce", function () { return "reflected reduce"; });
all("reduce-reflect");
class Stack extends Array<number> {
  pop(): number | undefined {
    return -1;
  }
}
const st = new Stack();
st.push(1, 2);
out("subclass", st.pop(), st.length, arrayChecks(st as unknown as number[]));

// Many new properties on Array.prototype (its table may become a dictionary).
for (let i = 0; i < 200; i++) (Array.prototype as any)["extra" + i] = i;
Array.prototype.forEach = function (this: number[], f: (v: number) => void) { f(-1); };
const seen: number[] = [];
[1, 2].forEach((v) => seen.push(v));
out("forEach-after-many", seen);
all("many");

// The globals replaced: `Number` by another object, `Math` deleted.
(globalThis as any).Number = { isFinite: () => "other Number", isInteger: () => 0, isNaN: () => 0, isSafeInteger: () => 0 };
all("number-replaced");
const truncOf = (x: number) => Math.trunc(x);
out("trunc", truncOf(1.5));
delete (globalThis as any).Math;
try {
  out("math-deleted", truncOf(2.5));
} catch (e) {
  out("math-deleted throws", (e as Error).constructor.name, (e as Error).message);
}

let text = "";
for (let i = 0; i < log.length; i++) text += log[i] + "\n";
console.log(text);
