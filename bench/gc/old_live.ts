// Minor-collection pause versus the size of the old generation.
//
//   old_live [MB [ITERS]]     (defaults: 10 MB live, 2*10^7 temporaries)
//
// Builds about <MB> megabytes (10^6 bytes) of long-lived objects in Perry's
// heap (chunks of CHUNK small {a, b, next} objects, each linked to the
// previous one in its chunk; cell plus array slot come to 66 bytes per
// object, measured by the semispace collector's post_in_use), then runs a fixed
// amount of short-lived allocation churn: ITERS temporaries, and every 1000th
// iteration a fresh object stored into a pseudo-random old slot (an
// old-to-young pointer). With a generational collector the minor pauses of
// the churn phase should not grow with the old generation.
//
// Prints "[bench] churn-start" / "[bench] churn-end" on stderr around the
// churn phase so bench/gc_pause.py can count only the collections in it.
// Lives in bench/gc/ so that bench/run (bench/*.ts) does not pick it up.
interface Cell {
  a: number;
  b: number;
  next: Cell | null;
}

interface Temp {
  x: number;
  y: number;
  z: Cell;
  prev: Temp | null;
}

const CHUNK = 4096;
const BYTES_PER_OBJECT = 66; // Perry heap bytes per live object (see above)
const M = 1000000007;

// Perry and Node both put the first user argument at process.argv[2]
// (argv[0] is the executable; argv[1] the script, or the executable again).
function arg(i: number, dflt: number): number {
  const n = process.argv.length > i ? Number(process.argv[i]) : dflt;
  return n > 0 ? n : dflt;
}

function build(objects: number): Cell[][] {
  const chunks: Cell[][] = [];
  let made = 0;
  while (made < objects) {
    const n = Math.min(CHUNK, objects - made);
    const chunk: Cell[] = [];
    let prev: Cell | null = null;
    for (let i = 0; i < n; i++) {
      const c: Cell = { a: made + i, b: (made + i) % 1000, next: prev };
      chunk.push(c);
      prev = c;
    }
    chunks.push(chunk);
    made += n;
  }
  return chunks;
}

function churn(chunks: Cell[][], objects: number, iters: number): number {
  let sum = 0;
  let seed = 1;
  let ci = 0; // chunk and slot the temporaries point at, walked in order
  let si = 0;
  let tick = 0;
  let last: Temp | null = null; // short chain of temporaries, cut every 1000
  for (let i = 0; i < iters; i++) {
    const chunk = chunks[ci];
    const t: Temp = { x: i, y: i * 2, z: chunk[si], prev: last };
    last = t;
    sum += t.x + t.y + t.z.b;
    if (sum >= M) sum -= M;
    if (++si === chunk.length) {
      si = 0;
      if (++ci === chunks.length) ci = 0;
    }
    if (++tick === 1000) {
      tick = 0;
      sum += t.prev === null ? 0 : t.prev.y % 1000;
      last = null;
      seed = (seed * 48271) % 2147483647; // MINSTD LCG, exact in doubles
      // `| 0` keeps k and s small integers in V8: a double would make the
      // stored objects' `b` a double field and deprecate the map of every old
      // Cell (V8 then migrates each old object on its next access).
      const k = (seed % objects) | 0;
      const c = chunks[(k / CHUNK) | 0];
      const s = (k % CHUNK) | 0;
      c[s] = { a: i, b: (i + s) % 1000, next: c[s === 0 ? 0 : s - 1] };
    }
  }
  return sum;
}

function check(chunks: Cell[][]): number {
  let sum = 0;
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    for (let j = 0; j < chunk.length; j++) {
      const c = chunk[j];
      sum = (sum + c.a + c.b + (c.next === null ? 0 : c.next.b)) % M;
    }
  }
  return sum;
}

function main(): void {
  const mb = arg(2, 10);
  const iters = Math.floor(arg(3, 20000000));
  const objects = Math.max(CHUNK, Math.floor((mb * 1000000) / BYTES_PER_OBJECT));
  const chunks = build(objects);
  // Warm-up: a few minor collections promote the tail of the live set, so
  // the measured phase starts with all of it old (the pause under test is
  // that of minor collections beside a large *old* generation).
  const w = churn(chunks, objects, 1000000);
  console.error("[bench] churn-start");
  const s = (churn(chunks, objects, iters) + w) % M;
  console.error("[bench] churn-end");
  console.log(`live ${mb} MB objects ${objects} churn ${iters} checksum ${(s + check(chunks)) % M}`);
}

main();
