// 10^5 concurrent async tasks, each awaiting a timer-free chain, joined with Promise.all.
async function task(i: number): Promise<number> {
  const a = await Promise.resolve(i);
  const b = await new Promise<number>((resolve) => resolve(a * 2));
  return { id: i, v: a + b }.v;
}

async function main(): Promise<void> {
  let total = 0;
  for (let round = 0; round < 3; round++) {
    const tasks: Promise<number>[] = [];
    for (let i = 0; i < 100000; i++) tasks.push(task(i));
    const rs = await Promise.all(tasks);
    for (const r of rs) total += r;
  }
  console.log(total);
}

main();
