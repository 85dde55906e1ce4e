// Readable byte streams: enqueue to default and BYOB readers, byobRequest respond and
// respondWithNewView, autoAllocateChunkSize, read({ min }), element-size alignment, transfers
// (detached buffers), tee of a byte stream, cancel and errors.

function say(...a: unknown[]) {
  console.log(...a);
}
function err(e: any) {
  return `${e?.name}: ${e?.message}${e?.code ? ` [${e.code}]` : ""}`;
}
function bytes(v: ArrayBufferView | undefined) {
  return v === undefined ? "undefined" : `${v.constructor.name}(${Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)).join(",")})`;
}

async function defaultReader() {
  say("-- default reader");
  let ctl: any;
  const rs = new ReadableStream({
    type: "bytes",
    start(c) {
      ctl = c;
    },
  });
  say(rs, ctl, ctl.desiredSize, ctl.byobRequest);
  const chunk = new Uint8Array([1, 2, 3]);
  ctl.enqueue(chunk);
  say("after enqueue", chunk.byteLength, chunk.buffer.byteLength, ctl.desiredSize);
  const r = rs.getReader();
  const first = await r.read();
  say(bytes(first.value), first.done);
  const pending = r.read();
  ctl.enqueue(new Uint8Array([4, 5]));
  const second = await pending;
  say(bytes(second.value));
  ctl.close();
  say(await r.read());
  for (const f of [() => ctl.enqueue(new Uint8Array(1)), () => ctl.close()]) {
    try {
      f();
    } catch (e) {
      say(err(e));
    }
  }
}

async function byob() {
  say("-- BYOB reader");
  let n = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const req = c.byobRequest!;
      n++;
      say("pull", n, req.view!.byteLength, req.view!.byteOffset);
      if (n === 3) {
        c.close();
        req.respond(0);
        return;
      }
      const v = req.view as Uint8Array;
      for (let i = 0; i < 3; i++) v[i] = n * 10 + i;
      req.respond(3);
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  say(reader);
  const buf = new ArrayBuffer(8);
  const r1 = await reader.read(new Uint8Array(buf));
  say(bytes(r1.value), r1.done, buf.byteLength);
  const r2 = await reader.read(new Uint8Array(r1.value!.buffer, 0, 8));
  say(bytes(r2.value), r2.done);
  const r3 = await reader.read(new Uint8Array(8));
  say(bytes(r3.value), r3.done, r3.value!.byteLength);
  await reader.closed.then(() => say("closed"));
}

async function newView() {
  say("-- respondWithNewView and alignment");
  let step = 0;
  const rs = new ReadableStream({
    type: "bytes",
    pull(c) {
      const req = c.byobRequest!;
      step++;
      const view = req.view as Uint8Array;
      if (step === 1) {
        // Three bytes: one whole Uint16 and a byte left over.
        const v = new Uint8Array(view.buffer, view.byteOffset, 3);
        v.set([1, 0, 2]);
        req.respondWithNewView(v);
      } else {
        view[0] = 0;
        req.respond(1);
      }
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  const a = await reader.read(new Uint16Array(4));
  say(bytes(a.value), a.value!.length);
  const b = await reader.read(new Uint16Array(4));
  say(bytes(b.value), b.value!.length);
  const c = await reader.read(new DataView(new ArrayBuffer(4)), { min: 2 });
  say(bytes(c.value));
  for (const bad of [() => reader.read(new Uint8Array(0)), () => reader.read({} as any), () => reader.read(new Uint8Array(4), { min: 5 })]) {
    await bad().catch((e) => say(err(e)));
  }
}

async function autoAllocate() {
  say("-- autoAllocateChunkSize");
  let k = 0;
  const rs = new ReadableStream({
    type: "bytes",
    autoAllocateChunkSize: 4,
    pull(c) {
      const req = c.byobRequest;
      say("byobRequest", req && req.view!.byteLength);
      k++;
      if (k > 2) {
        c.close();
        req!.respond(0);
        return;
      }
      (req!.view as Uint8Array).set([k, k]);
      req!.respond(2);
    },
  });
  const chunks: string[] = [];
  for await (const x of rs) chunks.push(bytes(x));
  say(chunks);
}

async function queued() {
  say("-- queue filling a BYOB read");
  let ctl: any;
  const rs = new ReadableStream(
    {
      type: "bytes",
      start(c) {
        ctl = c;
      },
    },
    { highWaterMark: 16 },
  );
  ctl.enqueue(new Uint8Array([1, 2]));
  ctl.enqueue(new Uint8Array([3, 4, 5]));
  say(ctl.desiredSize);
  const reader = rs.getReader({ mode: "byob" });
  const r = await reader.read(new Uint8Array(4));
  say(bytes(r.value), ctl.desiredSize);
  const rest = await reader.read(new Uint8Array(4));
  say(bytes(rest.value), ctl.desiredSize);
  const pending = reader.read(new Uint8Array(4));
  say("byobRequest view", ctl.byobRequest.view.byteLength, ctl.byobRequest.view.byteOffset);
  ctl.enqueue(new Uint8Array([6, 7, 8]));
  say(bytes((await pending).value));
  ctl.close();
  const last = await reader.read(new Uint8Array(4));
  say(bytes(last.value), last.done);
  reader.releaseLock();
  const rs2 = new ReadableStream({
    type: "bytes",
    start(c) {
      c.enqueue(new Uint8Array([9]));
      c.close();
    },
  });
  const r2 = rs2.getReader({ mode: "byob" });
  await r2.read(new Uint16Array(1)).catch((e) => say("partial:", err(e)));
}

async function teeBytes() {
  say("-- tee of a byte stream");
  const rs = new ReadableStream({
    type: "bytes",
    start(c) {
      c.enqueue(new Uint8Array([1, 2, 3]));
      c.enqueue(new Uint8Array([4]));
      c.close();
    },
  });
  const [a, b] = rs.tee();
  say(a, b);
  const ra = a.getReader();
  const rb = b.getReader({ mode: "byob" });
  const x = await ra.read();
  const y = await rb.read(new Uint8Array(8));
  say(bytes(x.value), bytes(y.value), x.value!.buffer === y.value!.buffer);
  say(bytes((await ra.read()).value), bytes((await rb.read(new Uint8Array(8))).value));
  say(await ra.read(), (await rb.read(new Uint8Array(2))).done);
}

async function cancelAndError() {
  say("-- cancel and error");
  const rs = new ReadableStream({
    type: "bytes",
    pull() {},
    cancel(reason) {
      say("cancel", reason);
    },
  });
  const reader = rs.getReader({ mode: "byob" });
  const pending = reader.read(new Uint8Array(4));
  await reader.cancel("stop");
  const r = await pending;
  say(r.done, bytes(r.value));
  let ctl: any;
  const rs2 = new ReadableStream({
    type: "bytes",
    start(c) {
      ctl = c;
    },
  });
  const reader2 = rs2.getReader({ mode: "byob" });
  const p2 = reader2.read(new Uint8Array(4));
  const req = ctl.byobRequest;
  ctl.error(new Error("bytes broke"));
  await p2.catch((e) => say("read:", e.message));
  say(req.view, ctl.byobRequest);
  try {
    req.respond(1);
  } catch (e) {
    say(err(e));
  }
  for (const f of [
    () => new ReadableStream({ type: "bytes" }, { size: () => 1 } as any),
    () => new ReadableStream({ type: "bytes", autoAllocateChunkSize: 0 }),
    () => new (ReadableStreamBYOBRequest as any)(),
    () => new ReadableStream({ type: "bytes", start: (c: any) => c.enqueue("str") }),
  ]) {
    try {
      f();
      say("no throw");
    } catch (e) {
      say(err(e));
    }
  }
}

await defaultReader();
await byob();
await newView();
await autoAllocate();
await queued();
await teeBytes();
await cancelAndError();
