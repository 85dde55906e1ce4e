// AsyncLocalStorage and AsyncResource (node:async_hooks), synchronously:
// run / getStore / nesting / exit / enterWith / disable / bind / snapshot,
// stores restored after a throw, independent instances, Node 20's quirks of
// a store kept on the current resource.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import hooks from "async_hooks";
import * as ns from "node:async_hooks";

const log = console.log;

log(typeof AsyncLocalStorage, typeof AsyncResource, hooks.AsyncLocalStorage === AsyncLocalStorage, ns.AsyncResource === AsyncResource);
const als = new AsyncLocalStorage<any>();
log(als);
log(als.getStore(), als.enabled, typeof als.kResourceStore, String(als.kResourceStore));

// run returns the callback's result, passes the arguments, restores after.
const r = als.run({ id: 1 }, (a: number, b: string) => {
  log("inside", als.getStore(), a, b, als.enabled);
  return a * 2;
}, 21, "x");
log("result", r, "after", als.getStore());

// Nested runs, and the store after each.
als.run("outer", () => {
  log("outer", als.getStore());
  als.run("inner", () => {
    log("inner", als.getStore());
    als.run("innermost", () => log("innermost", als.getStore()));
    log("inner again", als.getStore());
  });
  log("outer again", als.getStore());
});
log("top", als.getStore());

// A throw inside run restores the store and propagates.
try {
  als.run("throwing", () => {
    als.run("deeper", () => {
      throw new Error("boom");
    });
  });
} catch (e: any) {
  log("caught", e.message, als.getStore());
}
als.run("a", () => {
  try {
    als.run("b", () => {
      throw new TypeError("bad");
    });
  } catch (e: any) {
    log("caught inside", e.name, als.getStore());
  }
});

// exit: undefined inside, the store again after (also after a throw).
als.run("ex", () => {
  const v = als.exit((x: number) => {
    log("in exit", als.getStore(), als.enabled);
    return x + 1;
  }, 41);
  log("exit returned", v, als.getStore(), als.enabled);
  try {
    als.exit(() => {
      throw new Error("exit throw");
    });
  } catch (e: any) {
    log("caught exit", e.message, als.getStore());
  }
  // Node 20: a run inside exit enables the instance again; the outer store
  // is what that run restores.
  als.exit(() => {
    als.run("in-exit-run", () => log("run in exit", als.getStore()));
    log("after run in exit", als.getStore());
  });
});
const fresh = new AsyncLocalStorage();
log("exit on a never-used instance", fresh.exit(() => fresh.getStore() ?? "none"), fresh.enabled);

// enterWith: the store for the rest of the synchronous execution.
const ew = new AsyncLocalStorage<string>();
function setIt() {
  ew.enterWith("entered");
  log("in setIt", ew.getStore());
}
setIt();
log("after setIt", ew.getStore());
ew.run("run over enterWith", () => log(ew.getStore()));
log("restored to", ew.getStore());

// run with the store already current skips the new context: an enterWith
// inside stays after it (Node 20).
ew.run("entered", () => ew.enterWith("changed inside"));
log("same-store run", ew.getStore());
ew.run("different", () => ew.enterWith("changed inside 2"));
log("different-store run", ew.getStore());

// disable: undefined until run/enterWith; a run restores what the resource
// held (Node 20).
const d = new AsyncLocalStorage<string>();
d.enterWith("D");
d.disable();
log("disabled", d.getStore(), d.enabled);
d.disable();
d.run("D2", () => log("run after disable", d.getStore()));
log("after run after disable", d.getStore(), d.enabled);
d.disable();
d.enterWith("D3");
log("enterWith after disable", d.getStore());

// Independent instances; run restores only its own instance.
const a = new AsyncLocalStorage<string>();
const b = new AsyncLocalStorage<string>();
a.run("A", () => {
  b.run("B", () => log("both", a.getStore(), b.getStore()));
  log("a only", a.getStore(), b.getStore());
  b.enterWith("B entered");
});
log("b kept its enterWith", a.getStore(), b.getStore());
const many = Array.from({ length: 5 }, () => new AsyncLocalStorage<number>());
const nest = (i: number): string => (i === many.length ? many.map((s) => s.getStore()).join(",") : many[i].run(i * 10, () => nest(i + 1)));
log("five instances", nest(0), many.map((s) => s.getStore()).join(","));

// Stores are any values, compared with Object.is for the fast path.
const v = new AsyncLocalStorage<any>();
for (const s of [0, -0, NaN, null, "", false, Symbol.for("s"), [1, 2], new Map([[1, 2]])]) {
  v.run(s, () => log("store", v.getStore()));
}
v.run(undefined, () => log("undefined store", v.getStore(), v.enabled));

// A subclass.
class Tracked<T> extends AsyncLocalStorage<T> {
  runs = 0;
  run<R>(store: T, cb: (...args: any[]) => R, ...args: any[]): R {
    this.runs++;
    return super.run(store, cb, ...args);
  }
}
const t = new Tracked<string>();
t.run("s1", () => t.run("s2", () => log("subclass", t.getStore())));
log("runs", t.runs, t instanceof AsyncLocalStorage, t.getStore());

// AsyncLocalStorage.bind and snapshot: the stores current when made.
const bl = new AsyncLocalStorage<string>();
const bound = bl.run("at bind", () => AsyncLocalStorage.bind((x: number) => `${bl.getStore()} ${x}`));
log(bound(1), bl.run("elsewhere", () => bound(2)), bound.name, bound.length);
const snap = bl.run("at snapshot", () => AsyncLocalStorage.snapshot());
log(snap(() => bl.getStore()), bl.run("other", () => snap((p: string, q: string) => `${bl.getStore()} ${p}${q}`, "p", "q")));
log(typeof snap, snap.name, snap.length);
// The bound function's resource keeps what its callback wrote (Node 20).
const keeper = bl.run("first", () => AsyncLocalStorage.bind(() => {
  const s = bl.getStore();
  bl.enterWith(s + "+");
  return s;
}));
log(keeper(), keeper(), keeper(), bl.getStore());

// AsyncResource: runInAsyncScope with this and arguments, bind.
const res = bl.run("resource", () => new AsyncResource("MyResource"));
log(res.runInAsyncScope(function (this: any, x: number, y: number) {
  return [this, x + y, bl.getStore()];
}, { self: true }, 2, 3));
log(res.runInAsyncScope(() => bl.getStore()), bl.getStore());
try {
  res.runInAsyncScope(() => {
    throw new RangeError("in scope");
  });
} catch (e: any) {
  log("caught from scope", e.name, bl.getStore());
}
const rb = res.bind(function (this: any, z: number) {
  return `${this} ${z} ${bl.getStore()}`;
}, "THIS");
log(rb(9), rb.name, rb.length);
const rb2 = res.bind(function named(p: number, q: number, r: number) {
  return [typeof this, p, bl.getStore()];
});
log(rb2.call("t", 5), rb2.name, rb2.length, Object.keys(rb2), rb2.asyncResource === res);
const sb = AsyncResource.bind(function fnName(x: number) {
  return x;
});
log(sb.name, sb.length, sb(7), sb.asyncResource instanceof AsyncResource);
log(res.emitDestroy() === res);
class MyResource extends AsyncResource {
  constructor() {
    super("Mine");
  }
  go() {
    return this.runInAsyncScope(() => bl.getStore());
  }
}
const mine = bl.run("mine", () => new MyResource());
log(mine.go(), mine instanceof AsyncResource);

// Argument errors, as Node reports them.
const errors: Array<() => unknown> = [
  () => new AsyncResource(undefined as any),
  () => new AsyncResource(42 as any),
  () => new AsyncResource("x", { triggerAsyncId: -2 }),
  () => res.bind("not a function" as any),
  () => res.bind({} as any),
  () => AsyncLocalStorage.bind(null as any),
  () => res.runInAsyncScope(5 as any),
  () => als.run("s", undefined as any),
  () => als.exit(3 as any),
];
for (const f of errors) {
  try {
    f();
    log("no error");
  } catch (e: any) {
    log(e.name, e.code, e.message);
  }
}
log("end", als.getStore(), bl.getStore());
