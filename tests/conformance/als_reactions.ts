// Which context a callback runs in (Node 20): a promise reaction in the
// context current when it was registered (then/catch/finally, await, for
// await), not the one that settles the promise; a thenable is adopted in the
// context the adopting promise was made in; timers, immediates, ticks and
// microtasks in the context they were scheduled in; an interval and a bound
// function keep what their callback wrote; disabled instances are not
// copied into new resources. Phases run one after another; each line names
// the context it saw.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";

const als = new AsyncLocalStorage<string>();
const other = new AsyncLocalStorage<number>();
const log = (...a: unknown[]) => console.log(...a);
const at = (label: string) => log(label, als.getStore());

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function registrationNotResolution() {
  log("-- registration, not resolution");
  const d = deferred<string>();
  als.run("then-ctx", () => d.promise.then((v) => at(`then ${v}`)));
  als.run("catch-ctx", () => d.promise.then(() => Promise.reject(new Error("x"))).catch(() => at("catch")));
  als.run("finally-ctx", () => d.promise.finally(() => at("finally")));
  als.run("chain-ctx", () =>
    d.promise
      .then(() => at("chain 1"))
      .then(() => als.run("inner-run", () => at("chain 2 inner run")))
      .then(() => at("chain 3")),
  );
  const waiter = als.run("await-ctx", async () => {
    const v = await d.promise;
    at(`after await ${v}`);
    await null;
    at("after second await");
  });
  als.run("resolver-ctx", () => setTimeout(() => d.resolve("value"), 1));
  await waiter;
  await sleep(1);
  // Already settled: the job is queued at registration, in its context.
  const done = Promise.resolve("settled");
  als.run("late-ctx", () => done.then((v) => at(`late then ${v}`)));
  const rejected = Promise.reject(new Error("r"));
  rejected.catch(() => {});
  als.run("late-catch-ctx", () => rejected.catch(() => at("late catch")));
  await sleep(1);
}

async function handlerEnterWith() {
  log("-- enterWith inside reactions");
  await als.run("chain", () =>
    Promise.resolve()
      .then(() => {
        als.enterWith("changed in handler 1");
        at("handler 1");
      })
      .then(() => at("handler 2 (registered before the change)")),
  );
  at("outside after chain");
  // A thenable returned by a handler is adopted in the context the handler
  // left on its derived promise.
  await als.run("H", () =>
    Promise.resolve()
      .then(() => {
        als.enterWith("H2");
        return { then: (f: (v: string) => void) => (at("returned thenable's then"), f("ok")) };
      })
      .then((v) => at(`after returned thenable ${v}`)),
  );
}

async function thenables() {
  log("-- thenables");
  const thenable = (name: string) => ({
    then(f: (v: string) => void) {
      at(`${name}.then runs in`);
      f(name);
    },
  });
  // Adopted in the context of the promise being resolved (its creation),
  // not of the code resolving it.
  let resolveIt!: (v: unknown) => void;
  const p = als.run("created", () => new Promise((r) => (resolveIt = r)));
  als.run("registered", () => p.then((v) => at(`p then ${v}`)));
  als.run("resolver", () => resolveIt(thenable("T1")));
  await sleep(1);
  await als.run("awaiting", async () => {
    const v = await thenable("T2");
    at(`after await thenable ${v}`);
  });
  await als.run("static-resolve", () => Promise.resolve(thenable("T3")).then((v) => at(`Promise.resolve then ${v}`)));
  async function returnsThenable() {
    als.enterWith("entered in async fn");
    await null;
    return thenable("T4");
  }
  await als.run("async-call", () => returnsThenable().then((v) => at(`async fn result ${v}`)));
  at("after async fn");
}

async function combinators() {
  log("-- combinators");
  const d1 = deferred<number>();
  const d2 = deferred<number>();
  const all = als.run("all", () => Promise.all([d1.promise, d2.promise]).then((v) => at(`all ${v}`)));
  const race = als.run("race", () => Promise.race([d1.promise, d2.promise]).then((v) => at(`race ${v}`)));
  const settled = als.run("allSettled", () => Promise.allSettled([d1.promise, Promise.reject(1)]).then((v) => at(`allSettled ${v.length}`)));
  const any = als.run("any", () => Promise.any([Promise.reject(1), d2.promise]).then((v) => at(`any ${v}`)));
  als.run("settler-1", () => setTimeout(() => d1.resolve(1), 1));
  als.run("settler-2", () => setTimeout(() => d2.resolve(2), 3));
  await Promise.all([all, race, settled, any]);
  class MyPromise<T> extends Promise<T> {}
  const mp = als.run("subclass", () => MyPromise.resolve(5).then((v) => at(`subclass then ${v}`)));
  await mp;
}

async function generators() {
  log("-- async generators");
  async function* gen() {
    at("generator start");
    yield 1;
    at("generator after first yield");
    await sleep(1);
    at("generator after await");
    yield 2;
    at("generator end");
  }
  // The body runs in the context of whoever resumes it.
  await als.run("consumer", async () => {
    const it = gen();
    await als.run("next-1", () => it.next());
    at("consumer after next 1");
    await als.run("next-2", () => it.next());
    await als.run("next-3", () => it.next());
    at("consumer done");
  });
  await als.run("for-await", async () => {
    for await (const x of gen()) at(`for await body ${x}`);
    at("after for await");
  });
  await als.run("return", async () => {
    const it = gen();
    await it.next();
    const r = await als.run("return-call", () => it.return(7));
    at(`after return ${r.value}`);
  });
  // A return() at a yield waits (for the value, then for the finally's
  // await) in the context it was asked in, here none.
  async function* cleanup() {
    try {
      yield 1;
      yield 2;
    } finally {
      at("cleanup finally");
      await null;
      at("cleanup finally after await");
    }
  }
  await als.run(undefined as any, async () => {
    const it = cleanup();
    await it.next();
    const r = await it.return(Promise.resolve(5));
    at(`after return from no store ${r.value}`);
  });
  // for await over a sync iterable of promises settled elsewhere.
  const d = deferred<string>();
  als.run("settle-elsewhere", () => setTimeout(() => d.resolve("late"), 1));
  await als.run("sync-iterable", async () => {
    for await (const v of [Promise.resolve("a"), d.promise]) at(`sync iterable ${v}`);
  });
}

async function callbacks() {
  log("-- timers, immediates, ticks, microtasks");
  // Timers apart: whether one is due before the next check phase depends
  // on the clock.
  const order: string[] = [];
  const timers: string[] = [];
  const recorded = deferred<void>();
  const record = (what: string, list = order) => {
    list.push(`${what}:${als.getStore()}`);
    if (order.length + timers.length === 11) recorded.resolve();
  };
  als.run("S", () => {
    setTimeout(() => record("timeout", timers), 8);
    setImmediate(() => record("immediate"));
    process.nextTick(() => record("tick"));
    queueMicrotask(() => record("microtask"));
    Promise.resolve().then(() => record("then"));
    const cleared = setTimeout(() => record("cleared", timers), 1);
    clearTimeout(cleared);
    setTimeout((a: string, b: string) => record(`timeout args ${a}${b}`, timers), 6, "x", "y");
    process.nextTick((a: number) => record(`tick arg ${a}`), 7);
  });
  als.run("T", () => {
    process.nextTick(() => record("tick T"));
    queueMicrotask(() => record("microtask T"));
    setImmediate(() => {
      record("immediate T");
      als.run("nested", () => setImmediate(() => record("nested immediate")));
    });
  });
  await recorded.promise;
  log(order.join(" "));
  log(timers.join(" "));
  // An interval's Timeout keeps what its callback wrote (Node 20).
  await als.run("I", () =>
    new Promise<void>((resolve) => {
      let n = 0;
      const t = setInterval(() => {
        at(`interval ${n}`);
        als.enterWith(`I${n}`);
        if (++n === 3) {
          clearInterval(t);
          resolve();
        }
      }, 1);
    }),
  );
  at("after interval");
  log("sleep value", await als.run("timers-promises", () => sleep(1, "v").then((v) => `${v} ${als.getStore()}`)));
}

async function instances() {
  log("-- instances, exit, disable");
  await als.run("A", () =>
    other.run(1, async () => {
      await sleep(1);
      log("both", als.getStore(), other.getStore());
      await als.exit(async () => {
        log("in exit", als.getStore(), other.getStore());
        await sleep(1);
        log("in exit after await", als.getStore(), other.getStore());
      });
      log("after exit", als.getStore(), other.getStore());
    }),
  );
  // Resources made while an instance is disabled do not get its store;
  // those made before keep it, and show it once the instance is enabled.
  const seen: string[] = [];
  als.run("D", () => {
    setTimeout(() => seen.push(`before disable: ${als.getStore()}`), 4);
    als.disable();
    setTimeout(() => seen.push(`while disabled: ${als.getStore()}`), 5);
    Promise.resolve().then(() => seen.push(`then while disabled: ${als.getStore()}`));
    als.enterWith("D again");
    setTimeout(() => seen.push(`after enterWith: ${als.getStore()}`), 6);
  });
  await sleep(10);
  log(seen.join(" | "));
  // snapshot and bind carry one request's stores into another's code.
  const snap = als.run("snapshot-ctx", () => AsyncLocalStorage.snapshot());
  const bound = als.run("bind-ctx", () => AsyncLocalStorage.bind(() => als.getStore()));
  const resource = als.run("resource-ctx", () => new AsyncResource("R"));
  await als.run("caller", async () => {
    await null;
    log(snap(() => als.getStore()), bound(), resource.runInAsyncScope(() => als.getStore()), als.getStore());
    await snap(async () => {
      await null;
      at("async inside snapshot");
    });
    at("after snapshot");
  });
}

als.enterWith("top");
const topThen = Promise.resolve().then(() => at("top-level then"));
await topThen;
at("top-level after await");
await registrationNotResolution();
await handlerEnterWith();
await thenables();
await combinators();
await generators();
await callbacks();
await instances();
at("end");
