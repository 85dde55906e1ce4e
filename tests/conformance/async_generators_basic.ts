// Async generator functions: yield/await/return/throw, the request queue,
// return() and throw() in every state, finally blocks, methods.
async function* gen() {
  console.log("start");
  const x = yield 1;
  console.log("got", x);
  await null;
  yield Promise.resolve(2);
  try {
    yield 3;
  } finally {
    console.log("finally");
  }
  return "end";
}

async function* withCatch() {
  let n = 0;
  while (true) {
    try {
      const v = yield n++;
      console.log("received", v);
    } catch (e) {
      console.log("caught in gen", (e as Error).message);
      if (n > 3) return "stopped";
    }
  }
}

async function* awaitsInFinally() {
  try {
    yield "a";
    yield "b";
  } finally {
    console.log("cleanup start");
    await new Promise<void>((r) => setTimeout(r, 0));
    console.log("cleanup end");
  }
}

async function* finallyYields() {
  try {
    yield 1;
  } finally {
    yield "from finally";
    console.log("after finally yield");
  }
}

async function* rejects() {
  try {
    yield Promise.reject(new Error("rejected yield"));
  } catch (e) {
    console.log("yield operand rejected:", (e as Error).message);
  }
  const v = await Promise.reject(new Error("awaited")).catch((e: Error) => "recovered " + e.message);
  yield v;
  throw new Error("gen failure");
}

class Counter {
  constructor(private limit: number) {}
  async *count() {
    for (let i = 0; i < this.limit; i++) {
      await null;
      yield i * 10;
    }
  }
  static async *stat() {
    yield "static";
  }
}

const obj = {
  async *items() {
    yield "o1";
    yield "o2";
  },
};

async function* returnsPromise() {
  yield 1;
  return Promise.resolve("resolved return");
}

async function* interleave(name: string, n: number) {
  for (let i = 0; i < n; i++) {
    console.log(name, "step", i);
    yield `${name}${i}`;
  }
}

async function main() {
  const g = gen();
  console.log(Object.prototype.toString.call(g), typeof g[Symbol.asyncIterator], g[Symbol.asyncIterator]() === g);
  const AsyncGenProto = Object.getPrototypeOf(Object.getPrototypeOf(g));
  console.log(typeof AsyncGenProto.next, typeof AsyncGenProto.return, typeof AsyncGenProto.throw);
  console.log(g instanceof gen, Object.getPrototypeOf(g) === gen.prototype);
  console.log(await g.next("ignored"));
  console.log(await g.next("A"));
  console.log(await g.next());
  console.log(await g.return("R"));
  console.log(await g.next());
  console.log(await g.return("after done"));
  try {
    await g.throw(new Error("after done"));
  } catch (e) {
    console.log("throw after done:", (e as Error).message);
  }

  // Requests made before the previous one settles are queued.
  const h = gen();
  const ps = [h.next(), h.next("q1"), h.next("q2"), h.next(), h.next(), h.next()];
  console.log("queued", ps.length, ps[0] instanceof Promise);
  for (const p of ps) console.log(await p);

  // return() and throw() queued behind next().
  const q = gen();
  const a = q.next();
  const b = q.return("early");
  const c = q.next();
  console.log(await a, await b, await c);

  // return() / throw() before the first next(): the body never runs.
  const s1 = gen();
  console.log(await s1.return(Promise.resolve("start-return")));
  console.log(await s1.next());
  const s2 = gen();
  await s2.throw(new Error("start-throw")).catch((e: Error) => console.log("start throw:", e.message));
  console.log(await s2.next());

  // throw() into a suspended generator.
  const w = withCatch();
  console.log(await w.next());
  console.log(await w.next("x"));
  console.log(await w.throw(new Error("t1")));
  console.log(await w.throw(new Error("t2")));
  console.log(await w.throw(new Error("t3")));
  console.log(await w.next());

  // return() runs finally blocks, which may await or yield.
  const f = awaitsInFinally();
  console.log(await f.next());
  console.log(await f.return("ret"));
  const fy = finallyYields();
  console.log(await fy.next());
  console.log(await fy.return("ret2"));
  console.log(await fy.next());
  console.log(await fy.next());

  const r = rejects();
  console.log(await r.next());
  try {
    console.log(await r.next());
  } catch (e) {
    console.log("next rejected:", (e as Error).message);
  }
  console.log(await r.next());

  const cnt = new Counter(3).count();
  console.log(await cnt.next(), await cnt.next(), await cnt.next(), await cnt.next());
  console.log(await Counter.stat().next());
  const it = obj.items();
  console.log(await it.next(), await it.next(), await it.next());

  const rp = returnsPromise();
  console.log(await rp.next(), await rp.next());

  // Two generators stepping in turn: microtask ordering.
  const g1 = interleave("a", 2);
  const g2 = interleave("b", 2);
  const all = await Promise.all([g1.next(), g2.next(), g1.next(), g2.next(), g1.next()]);
  console.log(JSON.stringify(all));

  // Incompatible receivers reject.
  const next = AsyncGenProto.next;
  await next.call({}).catch((e: Error) => console.log(e.constructor.name));
  try {
    (function* () {}).prototype.constructor;
    const sync: any = Object.getPrototypeOf(function* () {}).prototype;
    sync.next.call(gen());
  } catch (e) {
    console.log("sync next on async gen:", (e as Error).constructor.name);
  }
  console.log(gen, Counter.stat, obj.items, main, async () => 1);
}

main().then(() => console.log("done"));
