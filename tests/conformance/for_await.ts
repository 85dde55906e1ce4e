// for await...of: over async generators, sync iterables of promises,
// user-defined Symbol.asyncIterator objects; break/return/throw close the
// iterator (awaiting return()); destructuring heads; errors.
async function* nums(n: number) {
  try {
    for (let i = 0; i < n; i++) {
      await null;
      yield i;
    }
  } finally {
    console.log("nums finally");
  }
}

function tracked(label: string, values: unknown[]) {
  return {
    [Symbol.asyncIterator]() {
      let i = 0;
      return {
        next() {
          console.log(label, "next", i);
          const v = values[i++];
          return Promise.resolve(i > values.length ? { value: undefined, done: true } : { value: v, done: false });
        },
        return() {
          console.log(label, "return");
          return new Promise((r) => setTimeout(() => r({ done: true }), 0));
        },
      };
    },
  };
}

async function firstOver(limit: number) {
  for await (const x of nums(10)) {
    if (x >= limit) return x;
  }
  return -1;
}

async function* mapAsync<T, U>(src: AsyncIterable<T>, f: (t: T) => U) {
  for await (const x of src) yield f(x);
}

async function main() {
  for await (const x of nums(3)) console.log("x", x);

  const collected: number[] = [];
  for await (const v of [Promise.resolve(1), 2, new Promise<number>((r) => setTimeout(() => r(3), 0))]) collected.push(v);
  console.log("array", collected);

  function* syncGen() {
    yield Promise.resolve("p1");
    yield "plain";
  }
  for await (const s of syncGen()) console.log("sync gen", s);

  for await (const ch of "hi") console.log("char", ch);

  // break calls return() and awaits it before continuing.
  for await (const t of tracked("A", ["a", "b", "c"])) {
    console.log("body", t);
    if (t === "b") break;
  }
  console.log("after break");

  // return from inside the loop.
  console.log("first over", await firstOver(2));

  // An exception in the body calls return(), then propagates.
  try {
    for await (const t of tracked("B", [1, 2])) {
      console.log("body", t);
      throw new Error("body threw");
    }
  } catch (e) {
    console.log("caught", (e as Error).message);
  }

  // A rejected element ends the loop with the rejection (no return()).
  try {
    for await (const v of [Promise.resolve("ok"), Promise.reject(new Error("bad element"))]) console.log("el", v);
  } catch (e) {
    console.log("caught", (e as Error).message);
  }

  // next() rejecting: no return() call.
  const failing = {
    [Symbol.asyncIterator]() {
      return {
        next: () => Promise.reject(new Error("next failed")),
        return: () => {
          console.log("should not be called");
          return Promise.resolve({ done: true });
        },
      };
    },
  };
  try {
    for await (const _ of failing) console.log("never");
  } catch (e) {
    console.log("caught", (e as Error).message);
  }

  // Destructuring heads, an existing binding, labels and continue.
  async function* pairs() {
    yield [1, { name: "one" }] as const;
    yield [2, { name: "two" }] as const;
    yield [3, { name: "three" }] as const;
  }
  for await (const [n, { name }] of pairs()) console.log("pair", n, name);
  let last: unknown;
  for await (last of nums(2));
  console.log("last", last);
  outer: for await (const i of nums(3)) {
    for await (const j of nums(3)) {
      if (j === 1) continue outer;
      if (i === 2) break outer;
      console.log("ij", i, j);
    }
  }

  // In an async generator, and through a pipeline.
  const doubled: number[] = [];
  for await (const d of mapAsync(nums(3), (x) => x * 2)) doubled.push(d);
  console.log("doubled", doubled);

  // Not async iterable.
  try {
    for await (const _ of 5 as any) console.log("never");
  } catch (e) {
    console.log((e as Error).constructor.name);
  }

  // next() result that is not an object.
  const weird = {
    [Symbol.asyncIterator]() {
      return { next: () => 42 };
    },
  };
  try {
    for await (const _ of weird as any) console.log("never");
  } catch (e) {
    console.log((e as Error).constructor.name);
  }

  // Concurrent loops interleave by microtasks.
  const order: string[] = [];
  await Promise.all([
    (async () => {
      for await (const v of nums(2)) order.push("p" + v);
    })(),
    (async () => {
      for await (const v of nums(2)) order.push("q" + v);
    })(),
  ]);
  console.log(order.join(","));
}

main().then(() => console.log("done"));
