// 3 rounds of N (10^5) concurrent async tasks, each awaiting a timer-free chain, joined with Promise.all.
// N = process.argv[2] tasks per round, default 10^5.
// quick size: 10000
const N = (process.argv.length > 2 ? Number(process.argv[2]) : 100000) | 0;

async function task(i: number): Promise<number> {
  const a = await Promise.resolve(i);
  const b = await new Promise<number>((resolve) => resolve(a * 2));
  return { id: i, v: a + b }.v;
}

async function main(): Promise<void> {
  let total = 0;
  for (let round = 0; round < 3; round++) {
    const tasks: Promise<number>[] = [];
    for (let i = 0; i < N; i++) tasks.push(task(i));
    const rs = await Promise.all(tasks);
    for (const r of rs) total += r;
  }
  console.log(total);
}

main();
