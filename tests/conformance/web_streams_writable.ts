// WritableStream: sink call order, backpressure (desiredSize and ready), close, abort (with the
// controller's signal), errors from the sink, writer release, and the messages Node gives.

function say(...a: unknown[]) {
  console.log(...a);
}
function err(e: any) {
  return `${e?.name}: ${e?.message}${e?.code ? ` [${e.code}]` : ""}`;
}

async function basics() {
  say("-- basics");
  const written: unknown[] = [];
  const ws = new WritableStream(
    {
      start(c) {
        say("start", c);
      },
      write(chunk, c) {
        say("write", chunk);
        written.push(chunk);
        return new Promise((r) => setTimeout(r, 1));
      },
      close() {
        say("sink close");
      },
    },
    new CountQueuingStrategy({ highWaterMark: 2 }),
  );
  say(ws, ws.locked);
  const w = ws.getWriter();
  say(ws.locked, w.desiredSize);
  const p1 = w.write("a");
  say("after write a", w.desiredSize);
  const p2 = w.write("b");
  say("after write b", w.desiredSize);
  const p3 = w.write("c");
  say("after write c", w.desiredSize);
  let ready = false;
  w.ready.then(() => {
    ready = true;
    say("ready resolved", w.desiredSize);
  });
  await p1;
  say("p1 done", w.desiredSize, ready);
  await Promise.all([p2, p3]);
  say("all written", w.desiredSize);
  await w.close();
  say("closed", ws, w.desiredSize, written);
  await w.closed.then(() => say("writer.closed resolved"));
  w.releaseLock();
  await w.closed.catch((e) => say("closed after release:", err(e)));
  try {
    w.desiredSize;
  } catch (e) {
    say("desiredSize after release:", err(e));
  }
}

async function abort() {
  say("-- abort");
  let ctl: any;
  const ws = new WritableStream({
    start(c) {
      ctl = c;
    },
    write(chunk) {
      say("write", chunk);
      return new Promise((r) => setTimeout(r, 5));
    },
    abort(reason) {
      say("sink abort", reason, ctl.signal.aborted, ctl.signal.reason);
    },
  });
  say(typeof ctl.signal, ctl.signal.aborted);
  ctl.signal.addEventListener("abort", () => say("signal abort event", ctl.signal.reason));
  const w = ws.getWriter();
  const p1 = w.write(1);
  const p2 = w.write(2);
  await null;
  const ab = w.abort("stop");
  say("state after abort()", ws);
  await p1.then(() => say("p1 ok"));
  await p2.catch((e) => say("p2 rejected", e));
  await ab.then(() => say("abort resolved"));
  say(ws);
  await w.closed.catch((e) => say("closed rejected", e));
  await w.ready.catch((e) => say("ready rejected", e));
  await w.write(3).catch((e) => say("write after abort", e));
  await ws.abort("again").catch((e) => say("locked abort:", err(e)));
  w.releaseLock();
  await ws.abort("again").then(() => say("abort of errored resolves"));
}

async function sinkErrors() {
  say("-- sink errors");
  const ws = new WritableStream({
    write(chunk) {
      if (chunk === "bad") throw new Error("write failed");
      say("write", chunk);
    },
  });
  const w = ws.getWriter();
  await w.write("ok");
  await w.write("bad").catch((e) => say("bad write:", e.message));
  say(ws, w.desiredSize);
  await w.close().catch((e) => say("close:", e.message));
  const ws2 = new WritableStream({
    close() {
      return Promise.reject(new Error("close failed"));
    },
  });
  await ws2.close().catch((e) => say("close rejected:", e.message));
  say(ws2);
  let c3: any;
  const ws3 = new WritableStream({
    start(c) {
      c3 = c;
    },
  });
  const w3 = ws3.getWriter();
  c3.error(new TypeError("controller error"));
  await w3.write(1).catch((e) => say("after controller.error:", err(e)));
  try {
    new WritableStream({
      start() {
        throw new Error("start threw");
      },
    });
  } catch (e) {
    say("constructor rethrows start's exception:", (e as Error).message);
  }
  const ws5 = new WritableStream({
    start() {
      return Promise.reject(new Error("start rejected"));
    },
  });
  await ws5
    .getWriter()
    .closed.catch((e) => say("ws5 closed:", e.message));
  for (const f of [
    () => new WritableStream({ type: "bytes" } as any),
    () => new WritableStream({}, { size: 5 } as any),
    () => new (WritableStreamDefaultWriter as any)({}),
    () => {
      const s = new WritableStream();
      s.getWriter();
      s.getWriter();
    },
  ]) {
    try {
      f();
      say("no throw");
    } catch (e) {
      say(err(e));
    }
  }
}

async function ordering() {
  say("-- ordering");
  const log: string[] = [];
  const ws = new WritableStream({
    start() {
      log.push("start");
    },
    write(chunk) {
      log.push(`write ${chunk}`);
    },
    close() {
      log.push("close");
    },
  });
  const w = ws.getWriter();
  w.write("x").then(() => log.push("x done"));
  w.write("y").then(() => log.push("y done"));
  w.close().then(() => log.push("closed"));
  for (let k = 0; k < 8; k++) await Promise.resolve().then(() => log.push(`tick ${k}`));
  say(log.join(", "));
}

async function sizesAndReady() {
  say("-- byte length strategy");
  const resolvers: (() => void)[] = [];
  const ws = new WritableStream(
    {
      write() {
        return new Promise<void>((r) => resolvers.push(r));
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 8 }),
  );
  const w = ws.getWriter();
  say(w.desiredSize);
  w.write(new Uint8Array(3));
  say(w.desiredSize);
  w.write(new Uint8Array(6));
  say(w.desiredSize);
  await null;
  say(w);
  while (resolvers.length === 0) await null;
  resolvers.shift()!();
  await new Promise((r) => setTimeout(r, 0));
  say(w.desiredSize);
  resolvers.shift()!();
  await w.ready;
  say("ready", w.desiredSize);
}

await basics();
await abort();
await sinkErrors();
await ordering();
await sizesAndReady();
