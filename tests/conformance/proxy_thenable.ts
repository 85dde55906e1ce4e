// A proxy resolving a promise is a thenable when its `get` trap for "then"
// returns a function: Promise.resolve, await, the executor's resolve and a
// `then` callback's return value all ask for "then" and run the thenable job.

const log: string[] = [];
function key(k: unknown): string {
  return typeof k === "symbol" ? k.toString() : String(k);
}
function thenable(name: string, then: unknown) {
  return new Proxy({} as any, {
    get(t, k) {
      log.push(`${name}.get ${key(k)}`);
      return k === "then" ? then : t[k];
    },
  });
}
const fulfil = (v: unknown) => (resolve: (x: unknown) => void) => { log.push("then called"); resolve(v); };

async function main() {
  const a = thenable("a", fulfil(1));
  console.log("resolve", await Promise.resolve(a));
  const b = thenable("b", fulfil(2));
  console.log("await", await b);
  const c = thenable("c", fulfil(3));
  console.log("executor", await new Promise((r) => r(c)));
  const d = thenable("d", fulfil(4));
  console.log("then return", await Promise.resolve(0).then(() => d));
  // A `then` that is not a function: the proxy itself is the value.
  const e = thenable("e", 5);
  const ev = await Promise.resolve(e);
  console.log("not a function", ev === e);
  // A `then` that throws rejects.
  const f = thenable("f", () => { throw new Error("boom"); });
  try {
    await f;
  } catch (err) {
    console.log("rejected", (err as Error).message);
  }
  // A getter that throws rejects too.
  const g = new Proxy({}, { get() { throw new Error("trap"); } });
  try {
    await g;
  } catch (err) {
    console.log("trap threw", (err as Error).message);
  }
  // The thenable job runs later (after the current microtasks).
  const order: string[] = [];
  const h = thenable("h", (r: (x: unknown) => void) => { order.push("then"); r("h"); });
  const ph = Promise.resolve(h).then((v) => order.push("settled " + v));
  order.push("sync");
  await ph;
  console.log("order", order.join(", "));
  // Promise.all and Promise.race take proxy thenables as elements.
  const all = await Promise.all([thenable("i", fulfil("i")), thenable("j", fulfil("j"))]);
  console.log("all", all.join(","));
  // A callable proxy as `then`.
  const k = thenable("k", new Proxy(fulfil("k"), {}));
  console.log("callable proxy then", await k);
  console.log(log.join("\n"));
}
main();
