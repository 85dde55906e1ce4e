import pLimit from "p-limit";
const limit = pLimit(2);
let active = 0, maxActive = 0;
const task = (i: number) => limit(async () => { active++; maxActive = Math.max(maxActive, active); await new Promise((r) => setTimeout(r, 10 - i)); active--; return i * i; });
Promise.all([1, 2, 3, 4, 5].map(task)).then((r) => console.log(r.join(","), "max concurrency", maxActive, limit.activeCount, limit.pendingCount));
