// The box-cell residue workload (issue 4): N async iterations, each with
// five awaits, three closures capturing its locals and one timer, run in
// concurrent batches. A warm process must end with the same number of live
// box cells whatever N is, and about the same RSS.
//
//   perry compile tests/residue/workload.ts -o w && PERRY_GC_DIAG=1 ./w 100000

const N = Number(process.argv[2] ?? "10000");
const BATCH = 500;
const keep: Array<() => number> = [];
let checksum = 0;

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function iteration(i: number): Promise<number> {
  let a = i;
  const b = await Promise.resolve(i * 2);
  let c = `${a}:${b}`;
  const f1 = () => a + b;
  const f2 = () => c.length;
  const f3 = (x: number) => (a += x);
  await delay(0);
  c = await Promise.resolve(c + "!");
  f3(await Promise.resolve(1));
  // The work of a small request handler: a response body built and parsed.
  const body = JSON.stringify({ id: `request-${i}`, c, items: [a, b, c.length], note: "x".repeat(200 + (i % 64)) });
  const parsed = JSON.parse(await Promise.resolve(body)) as { items: number[]; note: string };
  keep.push(f1, f2);
  return f1() + f2() + f3(0) + parsed.items.length + parsed.note.length;
}

async function main(): Promise<void> {
  for (let start = 0; start < N; start += BATCH) {
    keep.length = 0;
    const tasks: Promise<number>[] = [];
    for (let i = start; i < Math.min(N, start + BATCH); i++) tasks.push(iteration(i));
    for (const r of await Promise.all(tasks)) checksum = (checksum + r) % 1000000007;
  }
  console.log(N, checksum, keep.length);
}

main();
