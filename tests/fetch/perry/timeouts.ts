// undici's header and body timeouts (300 s in Node), shortened by PERRY_FETCH_HEADERS_TIMEOUT_MS
// and PERRY_FETCH_BODY_TIMEOUT_MS: run by compiler/tests/fetch.rs with both at 200 ms (Node has
// no such variables, so this program has no recorded Node output).
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
try {
  await fetch(BASE + "/hang?n=2000");
} catch (e: any) {
  console.log(e.name, e.message, e.cause.name, e.cause.message, e.cause.code);
}
const r = await fetch(BASE + "/slow?n=2000");
try {
  await r.text();
} catch (e: any) {
  console.log(e.name, e.message, e.cause.name, e.cause.message, e.cause.code);
}
// A reader that waits is not timed out: the body waits in its channel.
const r2 = await fetch(BASE + "/text");
await new Promise((resolve) => setTimeout(resolve, 400));
console.log(await r2.text());
