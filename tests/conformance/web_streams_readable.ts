// ReadableStream with a default controller: start/pull/cancel ordering against microtasks,
// desiredSize and backpressure, readers (read, releaseLock, closed, cancel), errors and their
// messages, async iteration (break cancels, preventCancel), ReadableStream.from and tee.

const log: string[] = [];
function say(...a: unknown[]) {
  console.log(...a);
}
function err(e: any) {
  return `${e?.name}: ${e?.message}${e?.code ? ` [${e.code}]` : ""}`;
}

async function basics() {
  say("-- basics");
  const rs = new ReadableStream({
    start(c) {
      say("start", c.desiredSize, c instanceof ReadableStreamDefaultController);
      c.enqueue("a");
      c.enqueue("b");
      say("after enqueue", c.desiredSize);
    },
    pull(c) {
      say("pull", c.desiredSize);
    },
    cancel(r) {
      say("cancel", r);
    },
  });
  say(rs);
  say(Object.prototype.toString.call(rs), rs.locked);
  const reader = rs.getReader();
  say(rs.locked, reader);
  const p1 = reader.read().then((r) => say("read1", r));
  const p2 = reader.read().then((r) => say("read2", r));
  Promise.resolve().then(() => say("microtask 1"));
  await Promise.all([p1, p2]);
  say("pending", reader);
  reader.releaseLock();
  say("released", rs.locked);
  await reader.closed.catch((e) => say("closed after release:", err(e)));
  await reader.read().catch((e) => say("read after release:", err(e)));
  await rs.cancel("bye").then((v) => say("cancelled", v));
  say(rs);
}

async function pullDriven() {
  say("-- pull-driven with highWaterMark 2");
  let n = 0;
  const rs = new ReadableStream(
    {
      pull(c) {
        n++;
        say("pull", n, "desiredSize", c.desiredSize);
        c.enqueue(n);
        if (n === 4) c.close();
      },
    },
    { highWaterMark: 2 },
  );
  await null;
  await null;
  const reader = rs.getReader();
  for (;;) {
    const r = await reader.read();
    say("got", r.value, r.done);
    if (r.done) break;
  }
  await reader.closed.then(() => say("closed resolved"));
  say(rs);
}

async function sizes() {
  say("-- size strategy");
  let ctl: any;
  const rs = new ReadableStream(
    {
      start(c) {
        ctl = c;
      },
    },
    { highWaterMark: 10, size: (chunk: string) => chunk.length },
  );
  say(ctl.desiredSize);
  ctl.enqueue("abcd");
  say(ctl.desiredSize);
  ctl.enqueue("0123456789");
  say(ctl.desiredSize);
  const reader = rs.getReader();
  say((await reader.read()).value, ctl.desiredSize);
  ctl.close();
  say("closed requested", ctl.desiredSize);
  say((await reader.read()).value, ctl.desiredSize);
  say(await reader.read());
  try {
    ctl.enqueue("x");
  } catch (e) {
    say("enqueue after close:", err(e));
  }
  try {
    ctl.close();
  } catch (e) {
    say("close after close:", err(e));
  }
  const bad = new ReadableStream(
    {
      start(c) {
        try {
          c.enqueue("x");
        } catch (e) {
          say("size threw:", (e as Error).message);
        }
      },
    },
    {
      size() {
        throw new Error("no size");
      },
    },
  );
  await bad
    .getReader()
    .read()
    .catch((e) => say("read of errored:", e.message));
  const cq = new CountQueuingStrategy({ highWaterMark: 3 });
  const bq = new ByteLengthQueuingStrategy({ highWaterMark: 16 });
  say(cq, bq, cq.size.name, cq.size(), bq.size(new Uint8Array(5)));
  say(Object.keys(Object.getPrototypeOf(cq)));
}

async function errors() {
  say("-- errors");
  let ctl: any;
  const rs = new ReadableStream({
    start(c) {
      ctl = c;
    },
  });
  const reader = rs.getReader();
  try {
    rs.getReader();
  } catch (e) {
    say("second getReader:", err(e), e instanceof TypeError);
  }
  await rs.cancel().catch((e) => say("cancel locked:", err(e)));
  const pending = reader.read();
  ctl.error(new RangeError("boom"));
  say(rs);
  await pending.catch((e) => say("pending read:", err(e)));
  await reader.closed.catch((e) => say("closed:", err(e)));
  await reader.read().catch((e) => say("read:", err(e)));
  say(ctl.desiredSize);
  try {
    ctl.enqueue(1);
  } catch (e) {
    say("enqueue errored:", err(e));
  }
  const failingStart = new ReadableStream({
    start() {
      return Promise.reject(new Error("start failed"));
    },
  });
  await failingStart
    .getReader()
    .closed.catch((e) => say("start rejection:", e.message));
  const failingPull = new ReadableStream({
    pull() {
      throw new Error("pull failed");
    },
  });
  await failingPull
    .getReader()
    .read()
    .catch((e) => say("pull throw:", e.message));
  for (const f of [
    () => new ReadableStream({ type: "nope" } as any),
    () => new ReadableStream({}, { highWaterMark: -1 }),
    () => new (ReadableStreamDefaultController as any)(),
    () => ReadableStream.prototype.getReader.call({}),
    () => new ReadableStream().getReader({ mode: "byob" }),
    () => new ReadableStream().getReader({ mode: "other" } as any),
  ]) {
    try {
      f();
      say("no throw");
    } catch (e) {
      say(err(e));
    }
  }
  const rr = new ReadableStream().getReader();
  const waiting = rr.read();
  rr.releaseLock();
  await waiting.catch((e) => say("pending read on release:", err(e)));
}

async function iteration() {
  say("-- async iteration");
  function counter(limit: number, name: string) {
    let i = 0;
    return new ReadableStream({
      pull(c) {
        i++;
        if (i > limit) c.close();
        else c.enqueue(`${name}${i}`);
      },
      cancel(reason) {
        say(name, "cancelled with", reason);
      },
    });
  }
  for await (const x of counter(3, "a")) say(x);
  const b = counter(10, "b");
  for await (const x of b) {
    say(x);
    if (x === "b2") break;
  }
  say("b after break", b, b.locked);
  const c = counter(10, "c");
  for await (const x of c.values({ preventCancel: true })) {
    say(x);
    if (x === "c2") break;
  }
  say("c after break", c.locked);
  const r = c.getReader();
  say("c continues", (await r.read()).value);
  const it = counter(2, "d")[Symbol.asyncIterator]();
  say(Object.prototype.toString.call(Object.getPrototypeOf(Object.getPrototypeOf(it))));
  say(await it.next(), await it.next(), await it.next(), await it.next());
  say(await it.return!("x"));
  const e = new ReadableStream({
    start(ctl) {
      ctl.enqueue(1);
      ctl.error(new Error("iter fail"));
    },
  });
  try {
    for await (const x of e) say("never", x);
  } catch (ex) {
    say("iteration threw", (ex as Error).message);
  }
}

async function from() {
  say("-- ReadableStream.from");
  const chunks: unknown[] = [];
  for await (const x of ReadableStream.from([1, 2, 3])) chunks.push(x);
  say(chunks);
  async function* gen() {
    try {
      yield "x";
      yield "y";
      yield "z";
    } finally {
      say("generator finally");
    }
  }
  const s = ReadableStream.from(gen());
  say(s);
  for await (const x of s) {
    say(x);
    if (x === "y") break;
  }
  const r = ReadableStream.from(new Set(["p", "q"])).getReader();
  say(await r.read(), await r.read(), await r.read());
  try {
    ReadableStream.from(5 as any);
  } catch (e) {
    say("from(5):", (e as any).name, (e as any).code);
  }
  const nested = ReadableStream.from(ReadableStream.from(["n1", "n2"]));
  for await (const x of nested) say(x);
}

async function tee() {
  say("-- tee");
  let i = 0;
  const src = new ReadableStream({
    pull(c) {
      i++;
      if (i > 3) c.close();
      else c.enqueue({ n: i });
    },
    cancel(reason) {
      say("source cancelled", reason);
    },
  });
  const [a, b] = src.tee();
  say(src.locked, a, b);
  const ra = a.getReader();
  const rb = b.getReader();
  const first = await ra.read();
  const second = await rb.read();
  say(first, second, first.value === second.value);
  say(await ra.read(), await ra.read(), await ra.read());
  say(await rb.read(), await rb.read(), await rb.read());
  const src2 = new ReadableStream({
    start(c) {
      c.enqueue(1);
    },
    cancel(reason) {
      say("source2 cancelled", reason);
    },
  });
  const [c, d] = src2.tee();
  // A branch's cancel settles once both branches are cancelled.
  const pc = c.cancel("r1").then(() => say("c cancel resolved"));
  await null;
  say("after c cancel");
  await d.cancel("r2");
  await pc;
  say("both cancelled", src2);
  let ctl: any;
  const src3 = new ReadableStream({
    start(x) {
      ctl = x;
    },
  });
  const [e, f] = src3.tee();
  ctl.error(new Error("tee error"));
  await e
    .getReader()
    .closed.catch((x) => say("branch e:", x.message));
  await f
    .getReader()
    .closed.catch((x) => say("branch f:", x.message));
}

async function ordering() {
  say("-- ordering against microtasks");
  const rs = new ReadableStream({
    start(c) {
      log.push("start");
      return Promise.resolve().then(() => log.push("start resolved"));
    },
    pull(c) {
      log.push("pull");
      c.enqueue(log.length);
    },
  });
  const reader = rs.getReader();
  const p = reader.read().then((r) => log.push(`read ${r.value}`));
  for (let k = 0; k < 6; k++) await Promise.resolve().then(() => log.push(`tick ${k}`));
  await p;
  say(log.join(", "));
}

await basics();
await pullDriven();
await sizes();
await errors();
await iteration();
await from();
await tee();
await ordering();
