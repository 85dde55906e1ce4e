// The echo contract of `perry soak` (ext-http/soak/src/contract.rs) on
// node:http, for the verifier's own tests and as a Node baseline:
//
//   node ext-http/soak/tests/echo-server.mjs [PORT] [--broken=MODE] [--gc-every=N]
//
// PORT defaults to $PORT, then 3000; it listens on 127.0.0.1.
// GET|POST /api/echo?id=ID&iterations=N -> 207, x-perry-repro: ID,
// set-cookie: perry_ctx=ID, and JSON with the checksum of N terms and the
// x-request-id header read from an AsyncLocalStorage before and after a
// 1 ms timer.
//
// --broken=MODE makes a deliberately wrong server:
//   checksum       request-7's checksum is off by one
//   leak-context   the request id lives in one module-level variable instead
//                  of the AsyncLocalStorage, so after the await it names
//                  whichever request arrived last (cross-request bleed)
//   retain         keeps 256 KiB per request forever (RSS grows linearly)
//   exit-after=K   exits with status 3 after K requests
//
// With PERRY_GC_DIAG=1 (which `perry soak --spawn` sets) it reports Node's
// own collections as `[gc-step]` lines (observed with perf_hooks; Node has
// no box cells or proxy registry, so those fields are 0), so the
// verifier's stderr parsing is exercised end to end. --gc-every=N (with
// node --expose-gc) runs gc() after every N-th request so that there are
// collections to report.
import http from "node:http";
import { AsyncLocalStorage } from "node:async_hooks";
import { PerformanceObserver, constants } from "node:perf_hooks";

const args = process.argv.slice(2);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const port = Number(args.find((a) => /^\d+$/.test(a)) ?? process.env.PORT ?? 3000);
const broken = option("broken") ?? "";
const gcEvery = Number(option("gc-every") ?? 0);
const exitAfter = broken.startsWith("exit-after=") ? Number(broken.slice("exit-after=".length)) : 0;

const context = new AsyncLocalStorage();
let lastArrived = null; // the leak-context variant's shared "context"
const retained = [];
let served = 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sum over i in [0, n) of (i * 31 + 7) % 1009. */
function checksum(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += (i * 31 + 7) % 1009;
  return sum;
}

function requestId() {
  if (broken === "leak-context") return lastArrived;
  return context.getStore()?.requestId ?? null;
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res, status, headers, text) {
  res.writeHead(status, { "content-length": Buffer.byteLength(text), ...headers });
  res.end(text);
}

async function echo(req, res) {
  const url = new URL(req.url, "http://localhost");
  if (url.pathname !== "/api/echo") return send(res, 404, { "content-type": "text/plain" }, "not found\n");
  if (req.method !== "GET" && req.method !== "POST") return send(res, 405, { allow: "GET, POST" }, "");
  const id = url.searchParams.get("id");
  const iterations = Number(url.searchParams.get("iterations") ?? "0");
  if (!id || !Number.isInteger(iterations) || iterations < 0 || iterations > 1e6) {
    return send(res, 400, { "content-type": "application/json" }, JSON.stringify({ error: "id and iterations required" }));
  }
  const beforeAwait = requestId();
  await sleep(1);
  const afterAwait = requestId();
  const requestBody = req.method === "POST" ? await readBody(req) : null;
  if (req.method === "GET") req.resume();
  let sum = checksum(iterations);
  if (broken === "checksum" && id === "request-7") sum += 1;
  if (broken === "retain") retained.push(Buffer.alloc(256 * 1024, 1));
  const body = JSON.stringify({
    runtime: process.release.name,
    method: req.method,
    pathname: url.pathname,
    id,
    iterations,
    checksum: sum,
    beforeAwait,
    afterAwait,
    requestBody,
  });
  send(
    res,
    207,
    { "content-type": "application/json", "x-perry-repro": id, "set-cookie": `perry_ctx=${id}; Path=/; HttpOnly` },
    body,
  );
  served++;
  if (gcEvery > 0 && served % gcEvery === 0 && typeof globalThis.gc === "function") globalThis.gc();
  if (exitAfter > 0 && served >= exitAfter) setImmediate(() => process.exit(3));
}

if (process.env.PERRY_GC_DIAG === "1") {
  let n = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = entry.detail?.kind;
      const name =
        kind === constants.NODE_PERFORMANCE_GC_MINOR ? "minor" : kind === constants.NODE_PERFORMANCE_GC_MAJOR ? "full" : null;
      if (name === null) continue;
      const mem = process.memoryUsage();
      n++;
      process.stderr.write(
        `[gc-step] n=${n} kind=${name} reason=node post_in_use=${mem.heapUsed} pause_us=${Math.round(entry.duration * 1000)} ` +
          `rss=${mem.rss} box_cells_live=0 proxies_live=0\n`,
      );
    }
  });
  observer.observe({ entryTypes: ["gc"] });
}

const server = http.createServer((req, res) => {
  lastArrived = req.headers["x-request-id"] ?? null;
  context.run({ requestId: req.headers["x-request-id"] ?? null }, () =>
    echo(req, res).catch((err) => {
      console.error(err);
      if (!res.headersSent) send(res, 500, { "content-type": "text/plain" }, String(err));
    }),
  );
});
server.listen(port, "127.0.0.1", () => console.log(`echo server on http://127.0.0.1:${port}`));
process.on("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
