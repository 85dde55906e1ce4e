// als_async.ts with more kinds of steps and fewer requests (each collection
// of the GC stress run costs the whole heap): 40 interleaved requests, each
// in its own AsyncLocalStorage stores (two instances), checking at every
// step across awaits, timers, setImmediate, queueMicrotask, nextTick,
// intervals, Promise.all/race/allSettled/any, async generators with for
// await and an early break, rejections with try/catch/finally, .catch and
// .finally, nested runs (spans), enterWith in a callee, then-chains
// registered in one request's context and settled from another's, and
// AsyncResources and bound functions run from other requests.
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { setTimeout as sleep, setImmediate as nextTurn } from "node:timers/promises";

type Req = { id: number; user: string; span?: string };
const als = new AsyncLocalStorage<Req>();
const tenant = new AsyncLocalStorage<string>();
const N = 40;

let checks = 0;
const failures: string[] = [];
const seen = new Map<string, number>();

const tenants = Array.from({ length: 7 }, (_, i) => `tenant-${i}`);
const users = Array.from({ length: N }, (_, i) => `u${i}`);

function check(id: number, where: string, span?: string): void {
  checks++;
  seen.set(where, (seen.get(where) ?? 0) + 1);
  const s = als.getStore();
  const t = tenant.getStore();
  if (s?.id !== id || t !== tenants[id % 7] || s.user !== users[id] || s.span !== span) {
    failures.push(`request ${id} at ${where}: saw ${s?.id} ${s?.user} ${s?.span} ${t}`);
  }
}

// Promises made outside any request; request i registers reactions on
// handoff[i] and resolves handoff[i + 1] from its own context.
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const handoff = Array.from({ length: N }, () => deferred<number>());
const rejectoff = Array.from({ length: N }, () => deferred<number>());
// (Handled from the start: a request may reject its successor's first.)
for (const r of rejectoff) r.promise.catch(() => {});
// Resources and bound functions made in one request, run from another.
const resources: AsyncResource[] = [];
const boundChecks: Array<() => void> = [];
let registered = 0;
const barrier = deferred<void>();
// One fire-and-forget timer per request; `drained` when all have run.
let fired = 0;
let allDone: () => void = () => {};
const drained = new Promise<void>((r) => (allDone = r));
function later(f: () => void, ms: number) {
  setTimeout(() => {
    f();
    if (++fired === N) allDone();
  }, ms);
}

async function* pages(id: number, n: number) {
  try {
    for (let i = 0; i < n; i++) {
      check(id, "generator before await");
      await sleep(i % 3);
      check(id, "generator after await");
      yield i;
      check(id, "generator after yield");
    }
  } finally {
    check(id, "generator finally");
  }
}

async function sub(id: number, k: number): Promise<number> {
  check(id, "sub start");
  await null;
  check(id, "sub after await");
  await new Promise((r) => setTimeout(r, (id + k) % 4));
  check(id, "sub after timer");
  return k;
}

async function failing(id: number): Promise<never> {
  await nextTurn();
  check(id, "before throw");
  throw id;
}

// Changes the store for its own continuation only.
async function callee(id: number): Promise<void> {
  await null;
  als.enterWith({ id, user: users[id], span: "callee" });
  check(id, "callee after enterWith", "callee");
  await sleep(1);
  check(id, "callee after enterWith and await", "callee");
}

function interval(id: number, times: number): Promise<void> {
  return new Promise((resolve) => {
    let n = 0;
    const t = setInterval(() => {
      check(id, "interval");
      if (++n === times) {
        clearInterval(t);
        resolve();
      }
    }, 1 + (id % 3));
  });
}

async function handle(id: number): Promise<number> {
  check(id, "start");
  await null;
  check(id, "after await null");
  await sleep(id % 5);
  check(id, "after sleep");
  await nextTurn();
  check(id, "after setImmediate promise");
  await new Promise<void>((r) =>
    queueMicrotask(() => {
      check(id, "queueMicrotask");
      r();
    }),
  );
  await new Promise<void>((r) =>
    process.nextTick(() => {
      check(id, "nextTick");
      r();
    }),
  );
  await new Promise<void>((r) =>
    setImmediate(() => {
      check(id, "setImmediate");
      r();
    }),
  );
  check(id, "after callbacks");

  const parts = await Promise.all([
    sub(id, 1),
    sub(id, 2),
    Promise.resolve(3).then((v) => {
      check(id, "then inside all");
      return v;
    }),
  ]);
  check(id, "after all");
  const first = await Promise.race([sleep(2, "slow"), sleep(0, "fast")]);
  check(id, "after race");
  const settled = await Promise.allSettled([failing(id), sub(id, 3)]);
  check(id, "after allSettled");
  const any = await Promise.any([failing(id), sleep(1, "any")]);
  check(id, "after any");

  let items = 0;
  for await (const p of pages(id, 3)) {
    check(id, "for await body");
    items += p;
  }
  // An early break closes the generator (its finally runs in our context).
  for await (const p of pages(id, 5)) {
    if (p === 1) break;
  }
  check(id, "after for await");

  await interval(id, 3);
  check(id, "after interval");

  try {
    await failing(id);
  } catch (e: any) {
    check(id, "catch");
  } finally {
    check(id, "finally");
  }
  await failing(id).catch(() => check(id, ".catch"));
  await sleep(1).finally(() => check(id, ".finally"));

  // A nested run for a span, then back to the request's store.
  const spanResult = await als.run({ id, user: users[id], span: "db" }, async () => {
    check(id, "span start", "db");
    await sleep(id % 2);
    check(id, "span after await", "db");
    return "rows";
  });
  check(id, "after span");
  await callee(id);
  check(id, "after callee");

  // Reactions registered here, settled by the previous request.
  const got = handoff[id].promise
    .then((v) => {
      check(id, "handoff then");
      return v + 1;
    })
    .then((v) => {
      check(id, "handoff then 2");
      return v;
    });
  const rejected = rejectoff[id].promise.catch((e) => {
    check(id, "rejectoff catch");
    return -1;
  });
  handoff[(id + 1) % N].resolve(id);
  rejectoff[(id + 1) % N].reject(id);
  const [h, rj] = await Promise.all([got, rejected]);
  check(id, "after handoff");

  // Run later, from other requests' contexts and from timers. The barrier
  // is resolved from the context of whichever request registers last.
  resources[id] = new AsyncResource("request");
  boundChecks[id] = AsyncLocalStorage.bind(() => check(id, "bound function"));
  later(() => check(id, "fire and forget timer"), 1 + (id % 4));
  if (++registered === N) barrier.resolve();
  await barrier.promise;
  check(id, "after barrier");
  const peer = (id + 37) % N;
  resources[peer].runInAsyncScope(() => check(peer, "peer resource"));
  boundChecks[peer]();
  check(id, "end");
  return parts.length + items + h + rj + (first === "fast" ? 1 : 0) + settled.length + (any === "any" ? 1 : 0) + spanResult.length;
}

function request(id: number): Promise<number> {
  return tenant.run(tenants[id % 7], () => als.run({ id, user: users[id] }, () => handle(id)));
}

const results = await Promise.all(Array.from({ length: N }, (_, i) => request(i)));
await drained;
console.log("requests", results.length, "total", results.reduce((a, b) => a + b, 0));
console.log("checks", checks, "failures", failures.length);
for (const f of failures.slice(0, 10)) console.log(f);
console.log([...seen].map(([k, v]) => `${k}=${v}`).sort().join("\n"));
console.log("store outside", als.getStore(), tenant.getStore());
