// A nextTick queued by a microtask runs after every microtask queued before
// the queue drains (Node drains V8's whole microtask queue, then the ticks).
const log = (s: string) => console.log(s);
setTimeout(() => {
  Promise.resolve().then(() => {
    log("m1");
    process.nextTick(() => log("tick from m1"));
    Promise.resolve().then(() => log("m2 (queued by m1)"));
  });
  process.nextTick(() => {
    log("t1");
    Promise.resolve().then(() => log("microtask from t1"));
    process.nextTick(() => log("t2 (queued by t1)"));
  });
  queueMicrotask(() => log("m3"));
}, 1);
setTimeout(async () => {
  log("async timer");
  await null;
  process.nextTick(() => log("tick after await"));
  queueMicrotask(() => log("microtask after await"));
  await null;
  log("second await");
  await new Promise<void>((r) => process.nextTick(r));
  log("after awaiting a tick");
}, 5);
