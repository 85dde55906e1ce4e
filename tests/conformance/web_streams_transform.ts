// TransformStream: transform/flush order, default identity transform, backpressure between the
// writable and readable sides, controller.terminate and error, strategies, inspection.

function say(...a: unknown[]) {
  console.log(...a);
}
function err(e: any) {
  return `${e?.name}: ${e?.message}${e?.code ? ` [${e.code}]` : ""}`;
}

async function upper() {
  say("-- uppercase");
  const ts = new TransformStream({
    start(c) {
      say("start", c.desiredSize);
    },
    transform(chunk, c) {
      say("transform", chunk, c.desiredSize);
      c.enqueue(String(chunk).toUpperCase());
    },
    flush(c) {
      say("flush");
      c.enqueue("!");
    },
  });
  say(ts);
  const w = ts.writable.getWriter();
  const r = ts.readable.getReader();
  say("writer desiredSize", w.desiredSize);
  w.write("abc");
  w.write("def");
  w.close();
  for (;;) {
    const x = await r.read();
    say("read", x);
    if (x.done) break;
  }
  await w.closed;
  say(ts);
}

async function identity() {
  say("-- identity and backpressure");
  const ts = new TransformStream<number, number>(undefined, { highWaterMark: 2 }, { highWaterMark: 1 });
  const w = ts.writable.getWriter();
  await null;
  say("desiredSize", w.desiredSize);
  const writes: Promise<void>[] = [];
  for (let i = 0; i < 4; i++) {
    writes.push(w.write(i).then(() => say("write done", i)));
    say("after write", i, w.desiredSize);
  }
  for (let k = 0; k < 6; k++) await null;
  say("readable", ts.readable, "desiredSize", w.desiredSize);
  const r = ts.readable.getReader();
  for (let i = 0; i < 4; i++) say("read", (await r.read()).value);
  await Promise.all(writes);
  say("all writes done", w.desiredSize);
}

async function terminate() {
  say("-- terminate and error");
  const ts = new TransformStream({
    transform(chunk, c) {
      c.enqueue(chunk);
      if (chunk === "stop") c.terminate();
    },
  });
  const w = ts.writable.getWriter();
  const r = ts.readable.getReader();
  w.write("a");
  w.write("stop");
  say(await r.read(), await r.read(), await r.read());
  await w.closed.catch((e) => say("writable after terminate:", err(e)));
  const ts2 = new TransformStream({
    transform(chunk) {
      throw new Error(`cannot ${chunk}`);
    },
  });
  const w2 = ts2.writable.getWriter();
  const r2 = ts2.readable.getReader();
  const read2 = r2.read().catch((e) => say("read:", e.message));
  await w2.write("x").catch((e) => say("write:", e.message));
  await read2;
  say(ts2);
  const ts3 = new TransformStream({
    start(c) {
      c.error(new Error("start error"));
    },
  });
  await ts3.writable
    .getWriter()
    .ready.catch((e) => say("ts3 ready:", e.message));
  const ts4 = new TransformStream({
    flush() {
      throw new Error("flush failed");
    },
  });
  const w4 = ts4.writable.getWriter();
  const r4 = ts4.readable.getReader();
  await w4.close().catch((e) => say("close:", e.message));
  await r4.read().catch((e) => say("read4:", e.message));
  const ts5 = new TransformStream();
  const r5 = ts5.readable.getReader();
  await r5.cancel("nope");
  await ts5.writable
    .getWriter()
    .closed.catch((e) => say("writable after readable cancel:", e));
  const ts6 = new TransformStream();
  const w6 = ts6.writable.getWriter();
  await w6.abort("aborted!");
  await ts6.readable
    .getReader()
    .closed.catch((e) => say("readable after abort:", e));
  for (const f of [() => new TransformStream({ readableType: "bytes" } as any), () => new (TransformStreamDefaultController as any)()]) {
    try {
      f();
    } catch (e) {
      say(err(e));
    }
  }
}

async function async_transform() {
  say("-- asynchronous transform");
  const log: string[] = [];
  const ts = new TransformStream({
    async transform(chunk, c) {
      log.push(`begin ${chunk}`);
      await new Promise((r) => setTimeout(r, 1));
      c.enqueue(chunk * 10);
      log.push(`end ${chunk}`);
    },
  });
  const w = ts.writable.getWriter();
  const out: number[] = [];
  const reading = (async () => {
    for await (const x of ts.readable) out.push(x);
  })();
  for (const n of [1, 2, 3]) w.write(n);
  await w.close();
  await reading;
  say(log.join(", "), out);
}

await upper();
await identity();
await terminate();
await async_transform();
