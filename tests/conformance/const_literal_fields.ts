// Reads of a `const` object literal's fields compile to the stored values
// while nothing can have changed them; every way of changing them in
// between must be seen.

interface P {
  x: number;
  y: any;
  s?: string;
}

function plain(i: number): number {
  const p = { x: i, y: i * 2 };
  return p.x + p.y;
}
console.log("plain", plain(3), plain(-0.5));

// A write through an alias, then a read.
function alias(): number[] {
  const p: P = { x: 1, y: 2 };
  const q = p;
  const a = p.x;
  q.x = 10;
  return [a, p.x, p.y];
}
console.log("alias", alias());

// A call that writes the field through a closure.
function closure(): number[] {
  const p = { x: 1, y: 2 };
  const bump = () => {
    p.x += 5;
  };
  const before = p.x;
  bump();
  return [before, p.x];
}
console.log("closure", closure());

// valueOf runs while `+` evaluates, between two reads.
function valueOfWrites(): any[] {
  const p: P = { x: 1, y: 0 };
  const evil = {
    valueOf() {
      p.x = 100;
      return 1;
    },
  };
  p.y = evil;
  const r = p.y + 1;
  return [r, p.x];
}
console.log("valueOf", valueOfWrites());

// A loop: the field is read, then written, each iteration.
function loop(): number[] {
  const p = { x: 0, y: 0 };
  const seen: number[] = [];
  for (let i = 0; i < 3; i++) {
    seen.push(p.x);
    p.x = p.x + 10;
  }
  let j = 0;
  while (j < 2) {
    seen.push(p.y);
    p.y = 7;
    j++;
  }
  do {
    seen.push(p.y);
    p.y = 8;
  } while (p.y < 8);
  return seen;
}
console.log("loop", loop());

// A literal inside a loop body is fresh each iteration.
function perIteration(): number {
  let sum = 0;
  let last: { v: number; prev: any } | null = null;
  for (let i = 0; i < 5; i++) {
    const t = { v: i * i, prev: last };
    last = t;
    sum += t.v + (t.prev === null ? 0 : t.prev.v);
  }
  return sum;
}
console.log("perIteration", perIteration());

// defineProperty, delete, freeze and a prototype getter in between.
function reflective(): any[] {
  const p: any = { x: 1, y: 2, z: 3 };
  Object.defineProperty(p, "x", { get: () => 42 });
  const a = p.x;
  delete p.y;
  const b = p.y;
  Object.freeze(p);
  const c = p.z;
  Object.defineProperty(Object.prototype, "w", { get: () => "proto", configurable: true });
  const d = p.w;
  delete (Object.prototype as any).w;
  return [a, b, c, d];
}
console.log("reflective", reflective());

// Keys that are not plain fields, and a field shadowing Object.prototype.
function otherKeys(): any[] {
  const p = { toString: 5, x: "s" };
  const q = { "a b": 1, x: 2 };
  return [p.toString, p.x, (p as any).hasOwnProperty("x"), q["a b"], q.x];
}
console.log("otherKeys", otherKeys());

// A switch case entered past the declaration is in the TDZ.
function switchTdz(k: number): string {
  switch (k) {
    case 0:
      const p = { x: "zero" };
      return p.x;
    case 1:
      try {
        return (p as any).x;
      } catch (e) {
        return (e as Error).constructor.name;
      }
  }
  return "none";
}
console.log("switch", switchTdz(0), switchTdz(1));

// finally is compiled once per way out; each copy sees its own literal.
function finallyCopies(f: boolean): string[] {
  const out: string[] = [];
  for (let i = 0; i < 2; i++) {
    try {
      if (f && i === 0) continue;
      out.push("body" + i);
    } finally {
      const p = { tag: "fin" + i };
      out.push(p.tag);
    }
  }
  return out;
}
console.log("finally", finallyCopies(true), finallyCopies(false));

// Module scope, and objects, strings, functions as field values.
const M = { n: 3, s: "str", o: { deep: true }, f: (a: number) => a + 1 };
console.log("module", M.n, M.s, M.o.deep, M.f(M.n));
function touchModule(): void {
  (M as any).n = 30;
}
touchModule();
console.log("module after", M.n);

// Allocation between the literal and the reads (values must survive a
// collection).
function survives(): string {
  const p = { a: "x".repeat(3), b: [1, 2, 3] };
  const junk: number[][] = [];
  for (let i = 0; i < 2000; i++) junk.push([i, i]);
  return p.a + p.b.join("") + junk.length;
}
console.log("survives", survives());
