// Await in conditions, loops, try/catch/finally, destructuring defaults,
// template literals, arguments; thenables; methods on objects; this.
async function cond(v: Promise<boolean> | boolean) {
  if (await v) return "yes";
  return "no";
}
async function loops() {
  const out: number[] = [];
  for (const x of [1, 2, 3]) out.push((await x) * 2);
  let i = 0;
  while ((await i) < 3) i++;
  do { i--; } while (await (i > 0));
  return [out, i];
}
async function templ(name: Promise<string>) {
  return `hello ${await name}!`;
}
async function defaults(o: { a?: number } = {}) {
  const { a = await Promise.resolve(5) } = o;
  return a;
}
async function args(x: number, y: number) {
  return Math.max(await x, await y, arguments.length);
}
const thenable = { then(res: (v: number) => void) { setTimeout(() => res(99), 0); } };
const obj = {
  tag: "obj",
  async method(this: { tag: string }) { await null; return this.tag; },
};
async function tryFinally() {
  const log: string[] = [];
  try {
    log.push("try");
    await Promise.reject(new Error("e1"));
    log.push("unreached");
  } catch (e) {
    log.push("catch " + (e as Error).message);
    await null;
    log.push("after await in catch");
  } finally {
    await null;
    log.push("finally");
  }
  return log;
}
async function main() {
  console.log(await cond(true), await cond(Promise.resolve(false)));
  console.log(await loops());
  console.log(await templ(Promise.resolve("world")));
  console.log(await defaults(), await defaults({ a: 1 }));
  console.log(await args(3, 4), await thenable, await obj.method());
  console.log(await tryFinally());
  const rejected = (async () => { throw "plain"; })();
  rejected.catch((v) => console.log("caught later in same tick", v));
  const nested = async (n: number): Promise<number> => (n === 0 ? 0 : 1 + (await nested(n - 1)));
  console.log(await nested(50));
}
main();
