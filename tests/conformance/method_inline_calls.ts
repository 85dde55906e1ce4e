// Small methods that call functions and construct objects run in place at
// their call sites (compiler/src/inline.rs). A stack trace taken inside one
// still shows the method's frame, named as V8 names it, above its caller's;
// the ordinary call next to the inlined body keeps its own position. Locations
// differ (the oracle ran the JavaScript esbuild made), so only names are
// compared.
function names(e: Error, n: number): string {
  return e
    .stack!.split("\n")
    .slice(1, 1 + n)
    .map((l) => {
      const m = /^\s*at (.*?)(?: \(.*\))?$/.exec(l);
      const name = m ? m[1] : l;
      return /[\/\\]/.test(name) ? "<anonymous>" : name;
    })
    .join(" < ");
}

function lineOf(e: Error, frame: number): number {
  const m = /:(\d+):\d+\)?$/.exec(e.stack!.split("\n")[frame]);
  return m ? Number(m[1]) : -1;
}

function capture(): Error {
  return new Error("here");
}

function fail(msg: string): never {
  throw new Error(msg);
}

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
  sum(): number {
    return this.x + this.y;
  }
}

class Stack {
  items: number[] = [];
  calls = 0;
  push(v: number): void {
    this.items.push(v);
  }
  pop(): number {
    const v = this.items.pop();
    if (v === undefined) throw new Error(`underflow at ${this.items.length}`);
    return v;
  }
  where(): Error {
    return capture();
  }
  get here(): Error {
    return capture();
  }
  make(n: number): Point {
    return new Point(n, this.items.length);
  }
  check(v: number): number {
    if (v < 0) fail(`negative ${v}`);
    this.calls++;
    return v * 2;
  }
  describe(label: string): string {
    return `${label}:${this.items.join(",")}`;
  }
}

// A subclass whose pop is another function: the same call site takes the
// ordinary call for it.
class LoggingStack extends Stack {
  log: string[] = [];
  pop(): number {
    const v = super.pop();
    this.log.push(`pop ${v}`);
    return v;
  }
}

// Setters: validating, derived, and one replaced on an instance.
class Temperature {
  #c = 0;
  writes = 0;
  get celsius(): number {
    return this.#c;
  }
  set celsius(v: number) {
    if (!Number.isFinite(v)) throw new TypeError(`not finite: ${v}`);
    if (v < -273.15) throw new RangeError(`${v} is below absolute zero`);
    this.#c = v;
    this.writes++;
  }
  set fahrenheit(v: number) {
    this.celsius = ((v - 32) * 5) / 9;
  }
  set traced(v: number) {
    this.#c = v;
    console.log("traced:", names(capture(), 3));
  }
}

function setters(): void {
  const t = new Temperature();
  let r = 0;
  for (let i = 0; i < 1000; i++) {
    r = t.celsius = i % 50;
    t.fahrenheit = 212;
    t.celsius += 1;
  }
  console.log("setters", r, t.celsius, t.writes);
  for (const bad of [NaN, -300]) {
    try {
      t.celsius = bad;
    } catch (err) {
      console.log("setter threw:", (err as Error).name, (err as Error).message, "|", names(err as Error, 2));
    }
  }
  t.traced = 5;
  // An own accessor on the instance takes the ordinary call.
  Object.defineProperty(t, "celsius", { set(v: number) { console.log("own setter", v); }, configurable: true });
  t.celsius = 7;
  console.log("after own setter", t.writes);
}

function work(s: Stack, n: number): number {
  let acc = 0;
  for (let i = 0; i < n; i++) {
    s.push(i);
    s.push(i * 3);
    const b = s.pop();
    const a = s.pop();
    acc = (acc + s.check(a + b) + s.make(i).sum()) % 1000003;
  }
  return acc;
}

function main(): void {
  const s = new Stack();
  const l = new LoggingStack();
  console.log("work", work(s, 5000), work(l, 3), s.calls, l.calls, l.log.join(";"));
  console.log("describe", s.describe("empty"), (s.push(4), s.describe("one")));

  // Frames of a callee's stack, through an inlined method and getter.
  console.log("where:", names(s.where(), 3));
  console.log("getter:", names(s.here, 3));
  const e = s.where();
  console.log("inlined frame above its caller's line:", lineOf(e, 2) > 0 && lineOf(e, 3) > 0 && lineOf(e, 2) !== lineOf(e, 3));

  // Errors thrown from an inlined body and from a function it calls.
  try {
    s.pop();
    s.pop();
  } catch (err) {
    console.log("pop:", (err as Error).message, "|", names(err as Error, 2));
  }
  try {
    s.check(-2);
  } catch (err) {
    console.log("check:", (err as Error).message, "|", names(err as Error, 3));
  }

  // The frame limit counts inlined frames.
  const limit = (Error as any).stackTraceLimit;
  (Error as any).stackTraceLimit = 2;
  console.log("limit 2:", names(s.where(), 5));
  (Error as any).stackTraceLimit = limit;

  // CallSite objects of an inlined frame.
  const prepare = (Error as any).prepareStackTrace;
  (Error as any).prepareStackTrace = (_: Error, sites: any[]) => sites.slice(0, 3).map((c) => c.getFunctionName()).join(" < ");
  console.log("sites:", s.where().stack);
  (Error as any).prepareStackTrace = prepare;
}

main();
setters();
