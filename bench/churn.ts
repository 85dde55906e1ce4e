// Allocation churn against a steady ~10 MB live set.
// Builds a live set of N small objects kept for the whole run, then creates
// 10^8 short-lived objects, folding each into a checksum. Every 1000th
// iteration a fresh object is stored into the (old) live set, so old objects
// get pointers to young ones (exercises the write barrier / remembered set).
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

const N = 150000;
// ITERS = process.argv[2], default 10^8.
// quick size: 2000000
const ITERS = (process.argv.length > 2 ? Number(process.argv[2]) : 100000000) | 0;

function buildLive(): Cell[] {
  const live: Cell[] = [];
  let prev: Cell | null = null;
  for (let i = 0; i < N; i++) {
    const c: Cell = { a: i, b: (i * 7) % 1000, next: prev };
    live.push(c);
    prev = c;
  }
  return live;
}

function run(): number {
  const live = buildLive();
  const M = 1000000007;
  let sum = 0;
  let j = 1;
  let idx = 0; // i % N, kept as a counter
  let tick = 0; // i % 1000, kept as a counter
  // Each temporary links to the previous one and the chain is dropped every
  // 1000 iterations, so temporaries die young (at most ~1000 alive). The link
  // also keeps V8's escape analysis from removing the allocation: without it
  // Node would allocate nothing in this loop.
  let last: Temp | null = null;
  for (let i = 0; i < ITERS; i++) {
    const t: Temp = { x: i, y: i * 2, z: live[idx], prev: last };
    last = t;
    sum += t.x + t.y + t.z.b; // < 2M: one conditional subtraction keeps it mod M
    if (sum >= M) sum -= M;
    if (++idx === N) idx = 0;
    if (++tick === 1000) {
      tick = 0;
      sum += t.prev === null ? 0 : t.prev.y % 1000;
      last = null;
      j = (j * 48271) % 2147483647; // MINSTD LCG, exact in doubles
      // `| 0` keeps k a small integer in V8: a double here would make the stored
      // objects' `b` a double field and deprecate the map of every live Cell.
      const k = (j % N) | 0;
      live[k] = { a: i, b: (i + k) % 1000, next: live[k + 1 === N ? 0 : k + 1] };
    }
  }
  // Walk the live set so the stored objects and their links must have survived.
  let check = 0;
  for (let k = 0; k < N; k++) {
    const c = live[k];
    check = (check + c.a + c.b + (c.next === null ? 0 : c.next.b)) % 1000000007;
  }
  return (sum + check) % 1000000007;
}

console.log(run());
