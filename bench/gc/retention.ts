// Memory a request's data leaves behind (issue 26): per-iteration work whose
// every iteration makes something new (a property name, a symbol, a regular
// expression), run for ROUNDS rounds of ITERS iterations with a full
// collection (`gc()`) after each round.
//
//   retention WORKLOAD [ITERS [ROUNDS]]      (defaults: 50,000 and 6)
//
// Prints one line per round, `round=R heap_used=B rss=B`, after the round's
// full collection (process.memoryUsage()). bench/retention-bar.sh runs it
// under Perry and Node and checks the growth from round 2 to the last round.
// Needs `gc`: Node's --expose-gc, Perry's PERRY_EXPOSE_GC=1.
//
// Workloads:
//   json-unique   JSON.parse of a body keyed by a unique id
//   json-fixed    JSON.parse of a body with fixed keys (the control)
//   symbol        a fresh Symbol used as a computed key
//   regexp        a RegExp built from the iteration and tested
//   dict          a unique key added to an object, then deleted
//   keys N        (not a round workload) N keys added to one object, every
//                 second one deleted; prints the time taken
declare function gc(): void;

const workload = process.argv[2] || "json-fixed";
const iters = Number(process.argv[3] || 50000) | 0;
const rounds = Number(process.argv[4] || 6) | 0;

let sink: unknown = null;
let check = 0;

function jsonUnique(i: number): void {
  const o = JSON.parse('{"user_' + i + '": {"score": ' + i + "}}");
  check += o["user_" + i].score & 1;
  sink = o;
}

function jsonFixed(i: number): void {
  const o = JSON.parse('{"user": {"score": ' + i + "}}");
  check += o.user.score & 1;
  sink = o;
}

function symbolKey(i: number): void {
  const s = Symbol("req" + i);
  const o: Record<symbol, number> = { [s]: i };
  check += o[s] & 1;
  sink = o;
}

function regexp(i: number): void {
  const r = new RegExp("^id-" + i + "$");
  if (r.test("id-" + i)) check += 1;
  sink = r;
}

function dict(i: number): void {
  const o: Record<string, number> = {};
  o["k" + i] = 1;
  check += o["k" + i];
  delete o["k" + i];
  sink = o;
}

function keys(n: number): void {
  const t0 = Date.now();
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o["key" + i] = i;
  for (let i = 0; i < n; i += 2) delete o["key" + i];
  let sum = 0;
  for (const k in o) sum += o[k];
  const ms = Date.now() - t0;
  const rss = process.memoryUsage().rss;
  console.log(`keys=${n} left=${Object.keys(o).length} sum=${sum} ms=${ms} rss=${rss}`);
}

const steps: Record<string, (i: number) => void> = {
  "json-unique": jsonUnique,
  "json-fixed": jsonFixed,
  symbol: symbolKey,
  regexp,
  dict,
};

if (workload === "keys") {
  keys(iters);
} else {
  const step = steps[workload];
  if (!step) throw new Error("unknown workload " + workload);
  let i = 0;
  for (let r = 1; r <= rounds; r++) {
    for (let k = 0; k < iters; k++) step(i++);
    gc();
    const m = process.memoryUsage();
    console.log(`round=${r} heap_used=${m.heapUsed} rss=${m.rss}`);
  }
  console.log(`check=${check} ${sink === null ? "" : "ok"}`);
}
