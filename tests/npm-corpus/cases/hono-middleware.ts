// hono's middleware in process: every request of the app's set through app.request, with the
// status, the headers and the body printed (the ETag and token threaded from earlier answers).
import { app, requests } from "../hono/app";

async function main() {
  let etag = "";
  let token = "";
  for (const [method, path, headers, body] of requests) {
    const h: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers)) h[k] = v.replace("PLACEHOLDER", etag.replaceAll('"', "")).replace("TOKEN", token);
    const res = await app.request(path, { method, headers: h, body });
    const text = await res.text();
    if (path === "/etag/page" && res.headers.get("etag")) etag = res.headers.get("etag")!;
    if (path === "/login") token = JSON.parse(text).token;
    console.log(method, path, res.status, res.body === null ? "(no body)" : "");
    for (const [k, v] of res.headers) console.log(`  ${k}: ${v}`);
    console.log("  " + JSON.stringify(text));
  }
}
main();
