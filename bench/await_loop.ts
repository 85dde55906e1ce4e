// 10^6 sequential awaits of already-resolved promises in one async loop.
async function step(i: number): Promise<number> {
  return i & 7;
}

async function main(): Promise<void> {
  let sum = 0;
  const ready = Promise.resolve(1);
  for (let i = 0; i < 500000; i++) {
    sum += await ready;
    sum += await step(i);
  }
  console.log(sum);
}

main();
