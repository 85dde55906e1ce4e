// Locals kept across suspension points: only the variables live where an
// activation resumes are saved, so every shape of control flow around an
// `await` / `yield` must keep the ones it reads later.

async function loopCarried(): Promise<number> {
  let sum = 0;
  const ready = Promise.resolve(1);
  const unused = "never read after an await";
  for (let i = 0; i < 5; i++) {
    sum += await ready;
    sum += await Promise.resolve(i & 3);
  }
  return sum + unused.length;
}

async function nested(): Promise<string> {
  const out: string[] = [];
  let prev = "start";
  outer: for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      if (j === 2) continue outer;
      const label = `${prev}/${i}.${j}`;
      prev = await Promise.resolve(label);
      out.push(prev.length + ":" + (await Promise.resolve(j)));
    }
  }
  return out.join(" ");
}

async function withFinally(fail: boolean): Promise<string> {
  const log: string[] = [];
  let state = "init";
  try {
    state = await Promise.resolve("awaited");
    if (fail) throw new Error("boom " + state);
    log.push("body " + state);
  } catch (e) {
    log.push("caught " + (e as Error).message);
    state = await Promise.resolve("recovered");
  } finally {
    log.push("finally " + state);
    await null;
    log.push("after await in finally " + state);
  }
  return log.join(", ");
}

async function whileSwitch(n: number): Promise<number> {
  let acc = 1;
  let k = 0;
  while (k < n) {
    switch (k % 3) {
      case 0:
        acc = acc * 2 + (await Promise.resolve(k));
        break;
      case 1:
        acc -= await Promise.resolve(1);
      // falls through
      default:
        acc += k;
    }
    k++;
  }
  do {
    acc += await Promise.resolve(k--);
  } while (k > n - 2);
  return acc;
}

async function inExpressions(a: number): Promise<string> {
  const f = (x: number, y: number, z: number) => x * 100 + y * 10 + z;
  const r = f(a, await Promise.resolve(a + 1), a + 2);
  const t = `${a}-${await Promise.resolve("mid")}-${r}`;
  const { p = await Promise.resolve(7), q = a } = { q: undefined as number | undefined } as { p?: number; q?: number };
  const cond = (await Promise.resolve(a > 1)) ? "big" : "small";
  return [r, t, p, q, cond].join("|");
}

async function closures(): Promise<number[]> {
  let shared = 1;
  const fns: Array<() => number> = [];
  for (let i = 0; i < 3; i++) {
    const local = i * 10;
    fns.push(() => shared + local + i);
    shared = await Promise.resolve(shared * 2);
  }
  return fns.map((f) => f());
}

function* gen(limit: number): Generator<number, string, number | undefined> {
  let total = 0;
  const keep = [limit];
  for (let i = 0; i < limit; i++) {
    const sent = yield total + i;
    if (sent !== undefined) total += sent;
    keep.push(i);
  }
  return `total=${total} keep=${keep.join(",")}`;
}

async function main() {
  console.log(await loopCarried());
  console.log(await nested());
  console.log(await withFinally(false));
  console.log(await withFinally(true));
  console.log(await whileSwitch(7));
  console.log(await inExpressions(3));
  console.log(await closures());
  const g = gen(4);
  const seen: string[] = [];
  let r = g.next();
  let n = 0;
  while (!r.done) {
    seen.push(String(r.value));
    r = g.next(++n);
  }
  console.log(seen.join(" "), r.value);
}

main();
