// pipeTo and pipeThrough: chains, preventClose/preventAbort/preventCancel, error propagation in
// both directions, closing propagation, locks while piping, a duck-typed abort signal.

function say(...a: unknown[]) {
  console.log(...a);
}
function err(e: any) {
  return `${e?.name}: ${e?.message}${e?.code ? ` [${e.code}]` : ""}`;
}

function source(chunks: unknown[], name = "src") {
  return new ReadableStream({
    start(c) {
      for (const x of chunks) c.enqueue(x);
      c.close();
    },
    cancel(reason) {
      say(name, "cancelled:", reason instanceof Error ? err(reason) : reason);
    },
  });
}

function sink(name: string, out: unknown[], opts: { failOn?: unknown } = {}) {
  return new WritableStream({
    write(chunk) {
      if (chunk === opts.failOn) throw new Error(`${name} refuses ${chunk}`);
      out.push(chunk);
    },
    close() {
      say(name, "closed with", out);
    },
    abort(reason) {
      say(name, "aborted:", reason instanceof Error ? reason.message : reason);
    },
  });
}

async function simple() {
  say("-- pipeTo");
  const out: unknown[] = [];
  const src = source([1, 2, 3]);
  const dst = sink("dst", out);
  const p = src.pipeTo(dst);
  say("locked while piping", src.locked, dst.locked);
  await p;
  say("done", src.locked, dst.locked, src, dst);
}

async function chain() {
  say("-- pipeThrough chain");
  const double = new TransformStream({
    transform(x: number, c) {
      c.enqueue(x * 2);
    },
  });
  const toText = new TransformStream({
    transform(x: number, c) {
      c.enqueue(`<${x}>`);
    },
  });
  const out: unknown[] = [];
  await ReadableStream.from([1, 2, 3, 4]).pipeThrough(double).pipeThrough(toText).pipeTo(sink("chain", out));
  say(out);
  const texts: string[] = [];
  for await (const t of source(["a", "b"]).pipeThrough(new TransformStream())) texts.push(t as string);
  say(texts);
}

async function prevent() {
  say("-- preventClose");
  const out: unknown[] = [];
  const dst = sink("kept", out);
  await source(["x"]).pipeTo(dst, { preventClose: true });
  say("after pipe", dst, dst.locked);
  const w = dst.getWriter();
  await w.write("y");
  await w.close();

  say("-- source error aborts the destination");
  let ctl: any;
  const failing = new ReadableStream({
    start(c) {
      ctl = c;
      c.enqueue("first");
    },
  });
  const out2: unknown[] = [];
  const piped = failing.pipeTo(sink("victim", out2));
  await new Promise((r) => setTimeout(r, 1));
  ctl.error(new Error("source broke"));
  await piped.catch((e) => say("pipe rejected:", e.message, out2));

  say("-- preventAbort");
  let ctl2: any;
  const failing2 = new ReadableStream({
    start(c) {
      ctl2 = c;
    },
  });
  const dst2 = sink("survivor", []);
  const piped2 = failing2.pipeTo(dst2, { preventAbort: true });
  ctl2.error("e2");
  await piped2.catch((e) => say("pipe rejected:", e));
  say(dst2);

  say("-- destination error cancels the source");
  const out3: unknown[] = [];
  await source([1, 2, 3], "src3")
    .pipeTo(sink("picky", out3, { failOn: 2 }))
    .catch((e) => say("pipe rejected:", e.message, out3));

  say("-- preventCancel");
  const src4 = source([1, 2, 3], "src4");
  await src4.pipeTo(sink("picky4", [], { failOn: 1 }), { preventCancel: true }).catch((e) => say("pipe rejected:", e.message));
  say(src4, src4.locked);
  const rest = src4.getReader();
  say(await rest.read());

  say("-- closed destination");
  const closedDst = new WritableStream();
  await closedDst.close();
  await source([1], "src5")
    .pipeTo(closedDst)
    .catch((e) => say("pipe rejected:", err(e)));
}

async function locks() {
  say("-- locks and arguments");
  const s = source([1]);
  s.getReader();
  await s.pipeTo(new WritableStream()).catch((e) => say(err(e)));
  const d = new WritableStream();
  d.getWriter();
  await source([1]).pipeTo(d).catch((e) => say(err(e)));
  await source([1])
    .pipeTo({} as any)
    .catch((e) => say(err(e)));
  try {
    source([1]).pipeThrough({ readable: 1, writable: 2 } as any);
  } catch (e) {
    say(err(e));
  }
}

async function signal() {
  say("-- abort signal (duck-typed)");
  const listeners: (() => void)[] = [];
  const sig: any = {
    aborted: false,
    reason: undefined,
    addEventListener(type: string, fn: () => void) {
      if (type === "abort") listeners.push(fn);
    },
    removeEventListener() {},
  };
  let i = 0;
  const endless = new ReadableStream({
    pull(c) {
      c.enqueue(i++);
      return new Promise((r) => setTimeout(r, 1));
    },
    cancel(reason) {
      say("endless cancelled:", reason);
    },
  });
  const got: unknown[] = [];
  const p = endless.pipeTo(sink("listener", got), { signal: sig });
  await new Promise((r) => setTimeout(r, 20));
  sig.aborted = true;
  sig.reason = "enough";
  for (const f of listeners) f();
  await p.catch((e) => say("pipe rejected:", e, got.length > 0));
  const pre: any = { aborted: true, reason: "already", addEventListener() {}, removeEventListener() {} };
  await source([1], "pre").pipeTo(new WritableStream(), { signal: pre }).catch((e) => say("pre-aborted:", e));
}

await simple();
await chain();
await prevent();
await locks();
await signal();
