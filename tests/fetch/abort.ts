// AbortSignal: aborted before the request, while waiting for the head, while reading the body;
// a custom reason; AbortSignal.timeout; a Request's signal.
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;

async function attempt(label: string, f: () => Promise<unknown>) {
  try {
    const v = await f();
    console.log(label, "resolved", v);
  } catch (e: any) {
    console.log(label, e instanceof DOMException ? "DOMException" : e?.constructor?.name, e?.name, e?.message, e?.code);
  }
}

await attempt("already aborted:", () => fetch(BASE + "/text", { signal: AbortSignal.abort() }));
await attempt("custom reason:", () => fetch(BASE + "/text", { signal: AbortSignal.abort(new Error("my reason")) }));
await attempt("reason value:", () => fetch(BASE + "/text", { signal: AbortSignal.abort("just a string") }));

const c1 = new AbortController();
setTimeout(() => c1.abort(), 50);
await attempt("before the head:", () => fetch(BASE + "/hang?n=3000", { signal: c1.signal }));

const c2 = new AbortController();
const r = await fetch(BASE + "/slow?n=3000", { signal: c2.signal });
console.log("head arrived:", r.status);
setTimeout(() => c2.abort(), 50);
await attempt("during the body:", () => r.text());

const c3 = new AbortController();
const r3 = await fetch(BASE + "/slow?n=3000", { signal: c3.signal });
const reader = r3.body!.getReader();
const first = await reader.read();
console.log("first chunk:", new TextDecoder().decode(first.value));
c3.abort(new TypeError("stop reading"));
await attempt("reader after abort:", () => reader.read());

await attempt("timeout:", () => fetch(BASE + "/hang?n=3000", { signal: AbortSignal.timeout(50) }));
await attempt("timeout in time:", () => fetch(BASE + "/text", { signal: AbortSignal.timeout(5000) }).then((r) => r.text()));

const c4 = new AbortController();
const req = new Request(BASE + "/hang?n=3000", { signal: c4.signal });
setTimeout(() => c4.abort(), 30);
await attempt("request's signal:", () => fetch(req));

const c5 = new AbortController();
const ok = await fetch(BASE + "/text", { signal: c5.signal });
c5.abort();
console.log("abort after the body arrived:", await ok.text().catch((e) => e.name));

// Cancelling the body stream releases the fetch.
const r6 = await fetch(BASE + "/slow?n=3000");
await r6.body!.cancel();
console.log("cancelled:", r6.bodyUsed);
