// yield*: delegation to generators, arrays and strings; next/throw/return forwarded.
function* inner() {
  try {
    const a = yield 1;
    console.log("inner got", a);
    yield 2;
    return "inner result";
  } finally {
    console.log("inner finally");
  }
}
function* outer() {
  const r = yield* inner();
  console.log("outer got", r);
  yield* [10, 20];
  yield* "ab";
  return "outer done";
}
console.log([...outer()]);
const g = outer();
console.log(g.next(), g.next("sent"), g.return("early"), g.next());
const t = outer();
t.next();
try { t.throw(new Error("into inner")); } catch (e) { console.log("propagated", (e as Error).message); }
function* catcher() { while (true) { try { yield "w"; } catch (e) { console.log("inner caught", e); } } }
function* deleg() { yield* catcher(); }
const d = deleg();
console.log(d.next().value, d.throw("x").value, d.return("bye"));
const noThrow = { [Symbol.iterator]() { return { next() { return { value: 1, done: false }; }, return() { console.log("closed"); return {}; } }; } };
function* dt() { yield* noThrow; }
const x = dt(); x.next();
try { x.throw(1); } catch (e) { console.log((e as Error).message); }
function* tree(n: number): Generator<number> { if (n > 0) { yield* tree(n - 1); yield n; yield* tree(n - 1); } }
console.log([...tree(3)].join(","));
try { [...(function* () { yield* (5 as any); })()]; } catch (e) { console.log((e as Error).constructor.name); }
