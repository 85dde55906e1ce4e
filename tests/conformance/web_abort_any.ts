// AbortSignal.any as DOM has it: dependents are aborted (reason set) before any abort event
// fires, then the source's event, then theirs in the order they were made; a dependent of a
// dependent follows the original source; a Request's signal is such a dependent.
const log: string[] = [];
const a = new AbortController();
const b = new AbortController();
const d1 = AbortSignal.any([a.signal, b.signal]);
const d2 = AbortSignal.any([d1]);
const d3 = AbortSignal.any([b.signal, d1]);
a.signal.addEventListener("abort", () => log.push(`a fired; d1 ${d1.aborted}, d2 ${d2.aborted}, d3 ${d3.aborted}`));
d1.addEventListener("abort", () => log.push(`d1 fired: ${d1.reason}`));
d2.addEventListener("abort", () => log.push(`d2 fired: ${d2.reason}`));
d3.onabort = () => log.push(`d3 fired: ${d3.reason}`);
a.abort("first reason");
b.abort("second reason");
console.log(log);
console.log(d1.reason, d2.reason, d3.reason, b.signal.reason);

// An already aborted source: the dependent is aborted at once.
const done = AbortSignal.any([AbortSignal.abort("early"), new AbortController().signal]);
console.log(done.aborted, done.reason);

// A Request made with a signal follows it; so does its clone and a Request made from it.
const c = new AbortController();
const r = new Request("http://a.example/", { signal: c.signal });
const copies = [r, r.clone(), new Request(r)];
const seen: string[] = [];
for (const [i, q] of copies.entries()) q.signal.addEventListener("abort", () => seen.push(`request ${i}: ${q.signal.reason}`));
c.abort("stop");
console.log(seen);

// Many short-lived followers of one long-lived signal: each still aborts when it is alive.
const long = new AbortController();
let alive: AbortSignal[] = [];
for (let i = 0; i < 5000; i++) {
  const s = AbortSignal.any([long.signal]);
  if (i % 1000 === 0) alive.push(s);
}
long.abort("late");
console.log(alive.map((s) => `${s.aborted}:${s.reason}`).join(" "));

