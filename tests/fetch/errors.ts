// Node's error shapes: connection refused, bad URLs, schemes, bad ports, a truncated body.
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
const CLOSED = process.env.CLOSED_PORT!;
const show = (s: unknown) => String(s).replaceAll(CLOSED, "CLOSED");

async function attempt(label: string, f: () => Promise<unknown>) {
  try {
    await f();
    console.log(label, "resolved");
  } catch (e: any) {
    console.log(label, e.constructor.name, e.name, show(e.message));
    const c = e.cause;
    if (c) console.log("  cause:", c.constructor.name, c.name, show(c.message), c.code, c.errno, c.syscall, c.address, show(c.port), c.input);
  }
}

await attempt("refused:", () => fetch(`http://127.0.0.1:${CLOSED}/`));
await attempt("bad url:", () => fetch("not a url"));
await attempt("relative url:", () => fetch("/relative"));
await attempt("empty:", () => fetch(""));
await attempt("ftp:", () => fetch("ftp://127.0.0.1/file"));
await attempt("ws:", () => fetch("ws://127.0.0.1/"));
await attempt("file:", () => fetch("file:///etc/hostname"));
await attempt("about:", () => fetch("about:blank"));
await attempt("blob:", () => fetch("blob:nothing"));
await attempt("no argument:", () => (fetch as any)());
await attempt("bad port:", () => fetch("http://127.0.0.1:22/"));
await attempt("credentials:", () => fetch("http://user:pw@127.0.0.1/"));
await attempt("GET with body:", () => fetch(BASE + "/echo", { body: "x" }));
await attempt("bad method:", () => fetch(BASE + "/echo", { method: "bad method" }));
await attempt("CONNECT:", () => fetch(BASE + "/echo", { method: "CONNECT" }));
await attempt("bad header:", () => fetch(BASE + "/echo", { headers: { "bad name": "x" } }));
await attempt("bad redirect mode:", () => fetch(BASE + "/echo", { redirect: "nope" as any }));
await attempt("redirect to ftp:", () => fetch(BASE + "/redirect?to=ftp://x/"));
await attempt("truncated body:", async () => {
  const r = await fetch(BASE + "/truncated");
  console.log("  head:", r.status, r.headers.get("content-length"));
  return r.text();
});
await attempt("404 is no error:", () => fetch(BASE + "/missing").then((r) => console.log("  status", r.status)));
