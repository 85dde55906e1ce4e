// Compiled regular expressions are a bounded cache (stdlib regexp.rs): a
// RegExp whose compiled program was evicted by many newer patterns still
// matches as it did, with its flags, named groups and lastIndex.
const early = [
  /^(?<word>[a-z]+)-(?<num>\d+)$/,
  new RegExp("b+", "gi"),
  new RegExp("x(y)?z", "y"),
  /\u{1F600}/u,
  new RegExp("[0-9]{3}", "d"),
];
function useEarly(tag: string): void {
  const m = early[0].exec("abc-42");
  console.log(tag, m && m.groups && m.groups.word, m && m.groups && m.groups.num);
  const g = early[1];
  g.lastIndex = 0;
  console.log(tag, "aBbBcb".match(g), g.flags, g.global);
  const y = early[2];
  y.lastIndex = 3;
  console.log(tag, y.test("___xz"), y.lastIndex, y.test("___xyz"), y.lastIndex);
  console.log(tag, "a\u{1F600}b".replace(early[3], "!"), early[3].unicode);
  const d = early[4].exec("ab123c");
  console.log(tag, d && d.index, d && (d as any).indices[0]);
  console.log(tag, "1-2-3".split(new RegExp("-")), "q1w22e".split(/\d+/));
}
useEarly("before");
let hits = 0;
const kept: RegExp[] = [];
for (let i = 0; i < 10000; i++) {
  const r = new RegExp("^id-" + i + "(?:-(\\w+))?$");
  if (r.test("id-" + i + "-tail")) hits++;
  if (i % 997 === 0) kept.push(r);
}
console.log("hits", hits);
useEarly("after");
for (const r of kept) {
  const m = r.exec(r.source.slice(1, r.source.indexOf("(")) + "-k");
  console.log(r.source, m && m[1]);
}
// A literal evaluated in a loop is one pattern however often it runs.
let n = 0;
for (let i = 0; i < 20000; i++) if (/^a+$/.test("aaa")) n++;
console.log("literal", n);
// Long patterns count against the cache's byte bound.
const long: RegExp[] = [];
for (let i = 0; i < 50; i++) long.push(new RegExp("(?:" + "ab".repeat(2000) + ")" + i));
console.log(long[0].test("ab".repeat(2000) + "0"), long[49].test("ab".repeat(2000) + "49"), long[3].test("x"));
