// The client of bench/fetch-soak.sh: N sequential fetches (default 10,000) to a local keep-alive
// server after a warm-up, each body read in full; prints the resident set every STEP requests
// ("rss <requests> <bytes>") and the server's connection count at the end. SHARED_SIGNAL=1 passes
// one long-lived AbortController's signal to every fetch.
const BASE = `http://127.0.0.1:${process.env.PORT}`;
const N = Number(process.env.REQUESTS ?? 10000);
const WARMUP = Number(process.env.WARMUP ?? 1000);
const STEP = 500;
const signal = process.env.SHARED_SIGNAL ? new AbortController().signal : undefined;

let bytes = 0;
for (let i = 0; i < WARMUP; i++) bytes += (await (await fetch(BASE + "/")).text()).length;
for (let i = 0; i <= N; i++) {
  if (i % STEP === 0) console.log(`rss ${i} ${process.memoryUsage.rss()}`);
  if (i === N) break;
  const r = await fetch(BASE + "/?i=" + i, { signal });
  bytes += (await r.text()).length;
}
console.log(`connections ${await (await fetch(BASE + "/count")).text()}`);
console.log(`bytes ${bytes}`);
