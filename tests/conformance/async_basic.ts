// async functions and arrows: results, errors, and the microtask order against promise chains.
async function add(a: number, b: number) {
  const x = await a;
  const y = await Promise.resolve(b);
  return x + y;
}
async function fails() {
  await null;
  throw new Error("nope");
}
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const arrow = async (s: string) => (await s).toUpperCase();
async function main() {
  console.log("main start");
  console.log(await add(1, 2));
  try { await fails(); } catch (e) { console.log("caught", (e as Error).message); }
  console.log(await arrow("hi"));
  const order: string[] = [];
  const p1 = (async () => { order.push("a1"); await 0; order.push("a2"); })();
  order.push("sync");
  await p1;
  console.log(order);
  let total = 0;
  for (let i = 0; i < 5; i++) total += await i;
  console.log("total", total);
  await sleep(1);
  console.log("slept");
  const results = await Promise.all([add(1, 1), add(2, 2), arrow("x")]);
  console.log(results);
  try { await Promise.reject(new Error("rej")); } catch (e) { console.log("rej caught", (e as Error).message); } finally { console.log("finally"); }
  return "main done";
}
console.log("before");
main().then((v) => console.log(v));
console.log("after");
Promise.resolve().then(() => console.log("micro 1")).then(() => console.log("micro 2")).then(() => console.log("micro 3"));
(async () => { console.log("iife start"); await undefined; console.log("iife 1"); await undefined; console.log("iife 2"); })();
console.log(add(1, 2) instanceof Promise);
