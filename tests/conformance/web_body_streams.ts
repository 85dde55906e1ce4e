// Request and Response bodies as ReadableStreams (Fetch "body", "consume body", "clone a body").
const enc = new TextEncoder();
const dec = new TextDecoder();

function chunks(...parts: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(c) {
      for (const p of parts) c.enqueue(enc.encode(p));
      c.close();
    },
  });
}

async function fails(what: string, f: () => unknown) {
  try {
    await f();
    console.log(what, "did not fail");
  } catch (e: any) {
    console.log(what, e.name, e.message);
  }
}

// A byte body's stream: made once, on first use; reading it uses the body.
{
  const r = new Response("hello");
  console.log(r.bodyUsed, r.body instanceof ReadableStream, r.body === r.body);
  const reader = r.body!.getReader();
  console.log(r.bodyUsed, r.body!.locked);
  const first = await reader.read();
  console.log(dec.decode(first.value), first.done, r.bodyUsed);
  console.log(await reader.read());
  await fails("text after read", () => r.text());
  await fails("clone after read", () => r.clone());
}

// Empty and null bodies.
{
  console.log(await new Response("").body!.getReader().read());
  console.log(new Response(null).body, new Response().body, new Response().bodyUsed);
  console.log(await new Response().text(), await new Response(null).arrayBuffer());
  console.log(new Response(null, { status: 204 }).body);
}

// A stream body: kept as it is, no Content-Type.
{
  const s = chunks("ab", "cd", "ef");
  const r = new Response(s, { status: 201, headers: { "x-a": "1" } });
  console.log(r.body === s, r.headers.get("content-type"), r.status, r.bodyUsed);
  console.log(await r.text(), r.bodyUsed, r.body!.locked);
  await fails("text twice", () => r.text());
  await fails("stream reused", () => new Response(s));
}

// Every way of consuming a stream body.
{
  console.log(await new Response(chunks('{"a":', "[1,2]}")).json());
  console.log(new Uint8Array(await new Response(chunks("xy", "z")).arrayBuffer()));
  console.log(await new Response(chunks("b", "y")).bytes());
  const blob = await new Response(chunks("bl", "ob"), { headers: { "content-type": "text/x-test" } }).blob();
  console.log(blob.size, blob.type, await blob.text());
  const form = await new Response(chunks("a=1&b=", "2"), { headers: { "content-type": "application/x-www-form-urlencoded" } }).formData();
  console.log([...form]);
  console.log(await new Response(chunks("\uFEFFbom")).text());
}

// Chunks that are not bytes, and streams that fail.
{
  const strings = new ReadableStream({ start(c) { c.enqueue("str"); c.close(); } });
  await fails("string chunk", () => new Response(strings).text());
  const failing = new ReadableStream({ pull(c) { c.error(new RangeError("broken source")); } });
  await fails("errored stream", () => new Response(failing).text());
}

// Locked but not disturbed: unusable, and bodyUsed stays false.
{
  const r = new Response("abc");
  r.body!.getReader();
  console.log(r.bodyUsed);
  await fails("locked text", () => r.text());
  await fails("locked clone", () => r.clone());
}

// A byte body read first: its stream is closed, locked and disturbed.
{
  const r = new Response("abc");
  console.log(await r.text());
  console.log(r.bodyUsed, r.body!.locked);
  await fails("clone used", () => r.clone());
}

// clone() tees a stream body; both branches read everything.
{
  const r = new Response(chunks("t1", "t2"));
  const c = r.clone();
  console.log(await c.text(), await r.text(), r.bodyUsed, c.bodyUsed);
  const b = new Response("bytes");
  const bs = b.body;
  const bc = b.clone();
  console.log(b.body === bs, await bc.text(), await b.text());
}

// The middleware pattern: a new Response over another's body.
{
  const original = new Response("payload", { status: 202, statusText: "Accepted", headers: { "content-type": "text/x-original", "x-b": "2" } });
  const wrapped = new Response(original.body, original);
  console.log(original.bodyUsed, wrapped.status, wrapped.statusText, wrapped.headers.get("content-type"), wrapped.headers.get("x-b"));
  console.log(await wrapped.text(), original.bodyUsed);
  const json = Response.json({ ok: true });
  const again = new Response(json.body, json);
  console.log(again.headers.get("content-type"), await again.json());
}

// Async iteration of a body, pipeThrough, and async iterables as bodies.
{
  const r = new Response(chunks("i1", "i2", "i3"));
  const seen: string[] = [];
  for await (const chunk of r.body!) seen.push(dec.decode(chunk));
  console.log(seen, r.bodyUsed);
  const piped = new Response("piped text").body!.pipeThrough(new TextDecoderStream());
  let text = "";
  for await (const s of piped) text += s;
  console.log(text);
  async function* gen() {
    yield enc.encode("A");
    yield enc.encode("B");
  }
  console.log(await new Response(gen()).text());
  const byob = new Response("hello").body!.getReader({ mode: "byob" });
  const part = await byob.read(new Uint8Array(2));
  console.log(dec.decode(part.value), part.done);
}

// Requests: stream bodies need duplex: "half"; a request made from another takes its body.
{
  await fails("no duplex", () => new Request("http://a/", { method: "POST", body: chunks("x") }));
  await fails("bad duplex", () => new Request("http://a/", { method: "POST", body: chunks("x"), duplex: "full" } as any));
  const q = new Request("http://a/", { method: "POST", body: chunks("h", "i"), duplex: "half" } as any);
  console.log(q.duplex, q.bodyUsed, q.body instanceof ReadableStream, q.headers.get("content-type"));
  const q2 = new Request(q);
  console.log(q.bodyUsed, await q2.text(), q.bodyUsed);
  await fails("used input", () => new Request(q));
  const q3 = new Request("http://a/", { method: "PUT", body: "text body" });
  console.log(q3.body instanceof ReadableStream, q3.bodyUsed);
  const q4 = q3.clone();
  console.log(await q3.text(), await q4.text());
  console.log(new Request("http://a/").body, new Request("http://a/").bodyUsed);
}

// Request signals: one of its own, following the init's.
{
  const plain = new Request("http://a/");
  console.log(plain.signal instanceof AbortSignal, plain.signal.aborted, plain.signal === plain.signal);
  const ac = new AbortController();
  const r = new Request("http://a/", { signal: ac.signal });
  const copy = new Request(r);
  const cloned = r.clone();
  console.log(r.signal === ac.signal, r.signal.aborted);
  ac.abort(new Error("stop"));
  console.log(r.signal.aborted, (r.signal.reason as Error).message, copy.signal.aborted, cloned.signal.aborted);
  const gone = AbortSignal.abort();
  console.log(new Request("http://a/", { signal: gone }).signal.reason.name);
}

// Inspection, as undici prints Requests and Responses.
{
  console.log(new Response("x"));
  const used = new Response("used");
  await used.text();
  console.log(used);
  console.log(Response.json({ a: 1 }, { status: 404, headers: { "x-long-header-name": "a long value that makes the headers wrap onto more lines", "x-b": "2" } }));
  console.log(new Response(new ReadableStream()), [new Response(null)]);
  console.log(Response.redirect("http://a.example/x", 301));
  console.log(new Request("http://a.example/p", { method: "POST", body: "b", mode: "same-origin", credentials: "include", cache: "no-store", referrer: "http://a.example/r", referrerPolicy: "origin", integrity: "sha256-x", keepalive: true }));
  const r = new Request("http://a.example/p", { referrer: "" });
  console.log(r.referrer === "", r.mode, r.credentials, r.cache, r.destination, r.keepalive, new Request(r).referrer);
  for (const [k, v] of [["mode", "x"], ["credentials", "x"], ["cache", "x"], ["referrerPolicy", "x"], ["mode", "navigate"], ["cache", "only-if-cached"], ["referrer", "/relative"]]) {
    await fails(`${k}=${v}`, () => new Request("http://a.example/", { [k]: v }));
  }
}
