// @expose-gc
// Responses dropped with their bodies unread: once collected, their fetches are cancelled and
// their connections closed (the server counts the /drip bodies whose client is still there).
const BASE = `http://127.0.0.1:${process.env.HTTP_PORT}`;
const gc = (globalThis as any).gc as () => void;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startOne() {
  const r = await fetch(BASE + "/drip?n=3000");
  const reader = r.body!.getReader();
  await reader.read();
}
for (let i = 0; i < 10; i++) await startOne();
console.log("started", Number(await (await fetch(BASE + "/dripping")).text()));
let left = -1;
for (let i = 0; i < 50 && left !== 0; i++) {
  gc();
  await sleep(100);
  left = Number(await (await fetch(BASE + "/dripping")).text());
}
console.log("still dripping after collection:", left);
