// Async functions that never await run to completion inside the call and
// still return promises: resolved with the return value (adopting
// thenables), rejected with what they throw, including from parameter
// defaults, with Node's ordering against awaiting functions.

const log: string[] = [];

async function plain(x: number): Promise<number> {
  log.push("plain body " + x);
  return x * 2;
}

async function throws(msg: string): Promise<never> {
  log.push("throws body");
  throw new Error(msg);
}

async function noReturn(): Promise<void> {
  log.push("noReturn body");
}

async function defaults(a: number = (() => { throw new TypeError("bad default"); })()): Promise<number> {
  return a;
}

async function returnsThenable(): Promise<number> {
  return { then(resolve: (v: number) => void) { log.push("thenable then"); resolve(41); } } as unknown as number;
}

async function returnsPromise(): Promise<string> {
  return Promise.resolve("inner");
}

const arrow = async (s: string) => s.toUpperCase();
const arrowBlock = async (n: number) => {
  if (n < 0) throw new RangeError("negative");
  return Math.sqrt(n);
};

class Service {
  base = 10;
  async get(k: number): Promise<number> {
    return this.base + k;
  }
  static async make(): Promise<Service> {
    return new Service();
  }
}

const obj = {
  tag: "obj",
  async describe(): Promise<string> {
    return `${this.tag}:${arguments.length}`;
  },
};

async function awaiting(): Promise<string> {
  log.push("awaiting start");
  const v = await plain(5);
  log.push("awaiting got " + v);
  return "done " + v;
}

async function main() {
  const p = plain(1);
  log.push("after call, is promise: " + (p instanceof Promise));
  console.log(await p);
  try {
    await throws("boom");
  } catch (e) {
    console.log("caught", (e as Error).message);
  }
  console.log(await noReturn());
  await defaults().catch((e: Error) => console.log("default threw", e.name, e.message));
  console.log(await defaults(3));
  console.log(await returnsThenable());
  console.log(await returnsPromise());
  console.log(await arrow("abc"), await arrowBlock(16));
  await arrowBlock(-1).then(
    () => console.log("unexpected"),
    (e: Error) => console.log("rejected", e.name),
  );
  const s = await Service.make();
  console.log(await s.get(5), await obj.describe());
  // Ordering: a resolved async result is seen one tick after a plain value.
  const order: string[] = [];
  const a = plain(2).then(() => order.push("plain"));
  const b = Promise.resolve().then(() => order.push("resolved"));
  const c = returnsPromise().then(() => order.push("returnsPromise"));
  const d = awaiting().then(() => order.push("awaiting"));
  await Promise.all([a, b, c, d]);
  console.log(order.join(" "));
  console.log(log.join("\n"));
}

main();
