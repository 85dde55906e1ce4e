import PQueue from "p-queue";
const q = new PQueue({ concurrency: 2 });
const out: number[] = [];
for (const n of [3, 1, 2]) q.add(async () => { await new Promise((r) => setTimeout(r, n * 5)); out.push(n); });
q.onIdle().then(() => console.log(out.join(","), q.size, q.pending));
