// Redirects: follow (and the method and body changes), manual, error, the redirect limit,
// relative and absolute Locations, and authorization dropped across origins.
const PORT = process.env.HTTP_PORT!;
const BASE = `http://127.0.0.1:${PORT}`;
const show = (s: string) => s.replaceAll(PORT, "PORT");

async function method(status: number, m: string) {
  const r = await fetch(`${BASE}/redirect?status=${status}&to=/echo`, { method: m, body: m === "GET" || m === "HEAD" ? undefined : "payload", headers: { "content-type": "text/x-test" } });
  if (m === "HEAD") return console.log(status, m, "->", r.status, r.redirected, show(r.url));
  const e = await r.json();
  const ct = e.headers.find(([n]: string[]) => n === "content-type");
  console.log(status, m, "->", e.method, JSON.stringify(e.body), ct ? ct[1] : "no content-type", r.redirected, show(r.url));
}
for (const s of [301, 302, 303, 307, 308]) {
  for (const m of ["GET", "POST", "PUT"]) await method(s, m);
}
await method(303, "HEAD");

const rel = await fetch(`${BASE}/redirect?to=echo/again%3Fx=1`);
console.log("relative:", rel.status, show(rel.url), (await rel.json()).url);
const abs = await fetch(`${BASE}/redirect?to=${BASE}/text`);
console.log("absolute:", show(abs.url), await abs.text());
const frag = await fetch(`${BASE}/redirect?to=/text#frag`);
console.log("fragment:", show(frag.url));

const manual = await fetch(`${BASE}/redirect?status=301&to=/text`, { redirect: "manual" });
console.log("manual:", manual.status, manual.type, manual.redirected, show(manual.url), manual.headers.get("location"), await manual.text());

try {
  await fetch(`${BASE}/redirect?to=/text`, { redirect: "error" });
} catch (e: any) {
  console.log("error:", e.name, e.message, e.cause.message);
}

const chain = await fetch(`${BASE}/chain?n=19`);
console.log("20 redirects:", chain.status, chain.redirected, show(chain.url), await chain.text());
try {
  await fetch(`${BASE}/chain?n=20`);
} catch (e: any) {
  console.log("21 redirects:", e.name, e.message, e.cause.message);
}
try {
  await fetch(`${BASE}/loop`);
} catch (e: any) {
  console.log("loop:", e.message, e.cause.message);
}

const cross = await (await fetch(`${BASE}/cross`, { headers: { authorization: "secret", "x-one": "kept" } })).json();
console.log("cross-origin:", cross.headers.filter(([n]: string[]) => n === "authorization" || n === "x-one"));
const same = await (await fetch(`${BASE}/redirect?to=/echo`, { headers: { authorization: "secret" } })).json();
console.log("same origin:", same.headers.filter(([n]: string[]) => n === "authorization"));

const req = new Request(`${BASE}/redirect?to=/text`, { redirect: "manual" });
const viaRequest = await fetch(req);
console.log("request's mode:", viaRequest.status, req.redirect);

// A streamed body cannot be sent again: only a 303 (which drops it) is followed.
for (const status of [302, 303, 307]) {
  const body = new ReadableStream({
    pull(c) {
      c.enqueue(new TextEncoder().encode("streamed"));
      c.close();
    },
  });
  try {
    const r = await fetch(`${BASE}/redirect?status=${status}&to=/echo`, { method: "POST", body, duplex: "half" } as any);
    const e = await r.json();
    console.log("streamed", status, "->", e.method, JSON.stringify(e.body));
  } catch (e: any) {
    console.log("streamed", status, "->", e.message, JSON.stringify(e.cause.message));
  }
}
