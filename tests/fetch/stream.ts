// A large response body read chunk by chunk, and a streamed request body.
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
const chunks16k = process.env.FETCH_SMALL ? 8 : 512; // 128 KiB or 8 MiB

const r = await fetch(`${BASE}/big?n=${chunks16k}`);
console.log(r.status, r.headers.get("transfer-encoding"), r.body instanceof ReadableStream);
const reader = r.body!.getReader();
let total = 0;
let reads = 0;
let intact = true;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  reads++;
  if (!(value instanceof Uint8Array)) intact = false;
  for (let i = 0; i < value.length; i++) if (value[i] !== (total + i) % 251) intact = false;
  total += value.length;
}
console.log("bytes:", total === chunks16k * 16384, "intact:", intact, "several chunks:", reads > 1);

// for await over the body, and a tee'd body.
let n = 0;
for await (const c of (await fetch(`${BASE}/big?n=4`)).body!) n += c.length;
console.log("for await:", n);
const [a, b] = (await fetch(BASE + "/text")).body!.tee();
console.log(await new Response(a).text(), await new Response(b).text());

// A streamed request body (duplex: "half"), sent chunk by chunk.
let sent = 0;
const parts = process.env.FETCH_SMALL ? 5 : 200;
const body = new ReadableStream<Uint8Array>({
  pull(c) {
    if (sent === parts) return c.close();
    sent++;
    c.enqueue(new TextEncoder().encode(`part ${sent};`));
  },
});
const up = await (await fetch(`${BASE}/echo`, { method: "POST", body, duplex: "half" } as any)).json();
console.log(up.method, up.body.split(";").length - 1 === parts, up.headers.find(([k]: string[]) => k === "transfer-encoding"));

// A body stream that fails: the fetch fails with its error as the cause.
let k = 0;
const failing = new ReadableStream<Uint8Array>({
  pull(c) {
    if (k++ < 2) c.enqueue(new Uint8Array([65]));
    else c.error(new Error("boom"));
  },
});
try {
  await fetch(`${BASE}/echo`, { method: "POST", body: failing, duplex: "half" } as any);
} catch (e: any) {
  console.log(e.name, e.message, e.cause instanceof Error, e.cause?.message);
}

// A Request carrying a stream is sent chunk by chunk; one carrying bytes with a Content-Length.
const framing = (e: any) => e.headers.filter(([k]: string[]) => k === "transfer-encoding" || k === "content-length");
const streamReq = new Request(`${BASE}/echo`, { method: "POST", body: ReadableStream.from(["a", "b", "c"].map((s) => new TextEncoder().encode(s))), duplex: "half" } as any);
const viaStream = await (await fetch(streamReq)).json();
console.log(viaStream.body, framing(viaStream));
const viaBytes = await (await fetch(new Request(`${BASE}/echo`, { method: "POST", body: "abc" }))).json();
console.log(viaBytes.body, framing(viaBytes));
async function* gen() {
  yield new TextEncoder().encode("from ");
  yield new TextEncoder().encode("a generator");
}
const viaIterable = await (await fetch(`${BASE}/echo`, { method: "POST", body: gen(), duplex: "half" } as any)).json();
console.log(viaIterable.body, framing(viaIterable));
