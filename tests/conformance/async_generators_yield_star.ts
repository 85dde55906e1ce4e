// yield* in async generators: over async generators, sync iterables
// (CreateAsyncFromSyncIterator), custom async iterators; the value of the
// yield* expression; next/throw/return forwarded to the inner iterator.
async function* inner() {
  try {
    const a = yield "i1";
    console.log("inner got", a);
    yield "i2";
    return "inner result";
  } finally {
    console.log("inner finally");
  }
}

async function* outer() {
  yield "o1";
  const r = yield* inner();
  console.log("yield* value:", r);
  const s = yield* [Promise.resolve("s1"), "s2"];
  console.log("sync yield* value:", s);
  yield* (function* () {
    yield "g1";
    yield "g2";
  })();
  return "outer done";
}

function log(label: string) {
  return (v: unknown) => console.log(label, JSON.stringify(v));
}

const custom = {
  [Symbol.asyncIterator]() {
    let i = 0;
    return {
      next(v?: unknown) {
        console.log("custom next", v === undefined ? "undefined" : v);
        i++;
        return Promise.resolve(i <= 2 ? { value: "c" + i, done: false } : { value: "c-final", done: true });
      },
      return(v?: unknown) {
        console.log("custom return", v);
        return Promise.resolve({ value: "custom returned", done: true });
      },
      throw(e?: unknown) {
        console.log("custom throw", (e as Error).message);
        return { value: "custom caught", done: false };
      },
    };
  },
};

async function* overCustom() {
  const r = yield* custom;
  console.log("custom yield* value:", r);
}

async function* throwsInner() {
  try {
    yield* inner();
  } catch (e) {
    console.log("outer caught", (e as Error).message);
    yield "recovered";
  }
}

const syncOnly = {
  [Symbol.iterator]() {
    let n = 0;
    return {
      next() {
        n++;
        return { value: n * 100, done: n > 2 };
      },
      return() {
        console.log("sync return called");
        return { value: undefined, done: true };
      },
    };
  },
};

async function* overSync() {
  yield* syncOnly;
}

async function main() {
  const g = outer();
  for (let i = 0; i < 9; i++) log("next")(await g.next("n" + i));

  // return() forwarded to the inner generator (its finally runs).
  const h = outer();
  await h.next();
  await h.next();
  log("return")(await h.return("stop"));
  log("after")(await h.next());

  // throw() forwarded to the inner generator; it does not catch, the outer does.
  const t = throwsInner();
  log("t")(await t.next());
  log("t")(await t.throw(new Error("thrown in")));
  log("t")(await t.next());

  // A custom async iterator: next/throw/return are called with the values.
  const c = overCustom();
  log("c")(await c.next("first"));
  log("c")(await c.next("second"));
  log("c")(await c.throw(new Error("x")));
  log("c")(await c.return("bye"));
  log("c")(await c.next());
  const c2 = overCustom();
  log("c2")(await c2.next());
  log("c2")(await c2.next());
  log("c2")(await c2.next());
  log("c2")(await c2.next());

  // A sync iterator wrapped; return() reaches it.
  const s = overSync();
  log("s")(await s.next());
  log("s")(await s.return("r"));
  const s2 = overSync();
  const vals: unknown[] = [];
  for await (const v of s2) vals.push(v);
  console.log("all", vals);

  // yield* over something not iterable.
  async function* bad() {
    yield* (42 as any);
  }
  await bad()
    .next()
    .catch((e: Error) => console.log(e.constructor.name));
}

main().then(() => console.log("done"));
