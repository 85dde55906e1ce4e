// GET and POST with text, JSON and byte bodies, headers both ways, status codes, and the
// Request/URL forms of fetch's input.
const PORT = process.env.HTTP_PORT!;
const BASE = `http://127.0.0.1:${PORT}`;
const show = (s: string) => s.replaceAll(PORT, "PORT");

async function echo(init?: RequestInit, path = "/echo") {
  const r = await fetch(BASE + path, init);
  const e = await r.json();
  // Only the headers a program controls, and the framing ones.
  const keep = ["content-type", "content-length", "transfer-encoding", "x-one", "x-two", "authorization", "user-agent", "accept"];
  e.headers = e.headers.filter(([n]: [string, string]) => keep.includes(n));
  return e;
}

const t = await fetch(BASE + "/text");
console.log(t.status, t.statusText, t.ok, t.type, show(t.url), t.redirected, t.bodyUsed);
console.log(t.headers.get("content-type"), t.headers.get("content-length"));
console.log(await t.text(), t.bodyUsed);
try {
  await t.text();
} catch (e: any) {
  console.log("read twice:", e.name, e.message);
}

const j = await fetch(BASE + "/json");
console.log(await j.json());
const b = await fetch(BASE + "/bytes");
const bytes = new Uint8Array(await b.arrayBuffer());
console.log(bytes.length, bytes[0], bytes[255], bytes.reduce((a, x) => a + x, 0));

console.log(await echo({ method: "POST", body: "plain text ✓" }));
console.log(await echo({ method: "POST", body: JSON.stringify({ x: [1, 2] }), headers: { "content-type": "application/json" } }));
console.log(await echo({ method: "PUT", body: new Uint8Array([104, 105, 0, 255]) }));
console.log(await echo({ method: "POST", body: new URLSearchParams({ a: "1", b: "x y" }) }));
console.log(await echo({ method: "POST" }));
console.log(await echo({ method: "DELETE" }));
console.log(await echo({ headers: { "X-One": "1", "x-two": "a, b", Authorization: "Bearer t" } }));
console.log(await echo({ headers: [["x-one", "first"], ["x-one", "second"]] }));
console.log(await echo({ headers: new Headers({ accept: "text/html", "user-agent": "perry-test" }) }));
console.log(await echo(undefined, "/echo?q=1&r=%20"));

const h = await fetch(BASE + "/headers");
console.log([...h.headers].filter(([n]) => n !== "date"));
console.log(h.headers.get("set-cookie"), h.headers.getSetCookie(), h.headers.get("x-upper"));
try {
  h.headers.set("x", "y");
} catch (e: any) {
  console.log("immutable:", e.name, e.message);
}

for (const code of [201, 204, 304, 404, 418, 500, 503]) {
  const r = await fetch(`${BASE}/status?code=${code}`);
  console.log(code, r.status, r.ok, r.statusText, r.headers.get("x-status"), r.body === null, JSON.stringify(await r.text()));
}
const head = await fetch(BASE + "/text", { method: "HEAD" });
console.log("HEAD", head.status, head.body, head.headers.get("content-length"), JSON.stringify(await head.text()));

// Request and URL inputs.
const req = new Request(BASE + "/echo", { method: "PATCH", body: "from a Request", headers: { "x-one": "req" } });
const fromRequest = await (await fetch(req)).json();
console.log(fromRequest.method, fromRequest.body, fromRequest.headers.filter(([n]: string[]) => n === "x-one"));
const override = await (await fetch(new Request(BASE + "/echo", { method: "POST", body: "a" }), { method: "PUT", body: "b" })).json();
console.log(override.method, override.body);
const viaUrl = await fetch(new URL("/text?from=url", BASE));
console.log(show(viaUrl.url), await viaUrl.text());
console.log(typeof fetch, fetch.name, fetch.length);
