// Built-ins that copy parts of a string into new strings, given a string
// that was just made (young, so a collection at one of their allocations
// moves it): the copies must come from the string, not from where it was.
// Run under PERRY_GC_STRESS with several N this found stale slices.
function young(s: string): string {
  return ("  " + s + "  ").trim();
}
function groups(line: string): string {
  const m = /^at (.*?)(?: \((.*)\))?$/.exec(young(line));
  return m ? `${m[1]}|${m[2]}` : "none";
}
const out: string[] = [];
for (let i = 0; i < 20; i++) {
  out.push(groups(`at fn${i} (/tmp/file${i}.ts:${i}:${i * 2})`));
  out.push(groups(`at /tmp/anon${i}.ts:1:${i}`));
}
console.log(out.join("\n"));
// Property keys interned from young strings.
const o: Record<string, number> = {};
for (let i = 0; i < 30; i++) {
  o[young("key" + i).slice(1)] = i;
}
console.log(Object.keys(o).join(","));
// match/matchAll/split/replace with captures on young strings.
const text = young("alpha=1; beta=22; gamma=333; delta=4444");
console.log(JSON.stringify(text.match(/(\w+)=(\d+)/g)));
console.log(JSON.stringify([...text.matchAll(/(?<k>\w+)=(?<v>\d+)/g)].map((m) => [m.groups!.k, m.groups!.v, m.index])));
console.log(JSON.stringify(text.split(/;\s*/)));
console.log(text.replace(/(\w+)=(\d+)/g, "$2:$1"));
console.log(text.replace(/(\w+)=(\d+)/g, (_m, k: string, v: string) => young(v + k)));
// JSON keys and string values from a young text.
const parsed = JSON.parse(young(JSON.stringify({ first: "one", second: ["two", "three"], third: { fourth: "four" } })));
console.log(JSON.stringify(parsed), Object.keys(parsed).join(","));
// Substrings by the other string methods.
const s = young("The quick brown fox jumps over the lazy dog");
console.log([s.substring(4, 9), s.substr(10, 5), s.slice(-3), s.at(4), s.charAt(5), s.padEnd(46, "."), s.split(" ").reverse().join(" ")].join("|"));
console.log([...young("héllo wörld")].join("-"), young("a,b,,c").split(","), young("x").repeat(3));
