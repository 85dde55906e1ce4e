// String methods reached through the inline cache (a string's reads are
// tested against String.prototype's shape), template literals joined four
// pieces at a time, and the search methods reading both strings in place.

function find(s: any, q: string): number {
  return s.indexOf(q);
}
const receivers: any[] = ["abc", { indexOf: (_: string) => 42 }, "xxb", new String("zb"), "b"];
for (let round = 0; round < 3; round++) {
  console.log(receivers.map((r) => find(r, "b")).join(","));
}

// Replacing and redefining a method is seen by a site that cached it.
const original = String.prototype.indexOf;
(String.prototype as any).indexOf = function (this: string, q: string) {
  return -7;
};
console.log(find("abc", "b"));
Object.defineProperty(String.prototype, "indexOf", { get: () => () => 99, configurable: true });
console.log(find("abc", "b"));
Object.defineProperty(String.prototype, "indexOf", { value: original, writable: true, configurable: true });
console.log(find("abc", "b"), find("qqb", "b"));

function member(s: any): any {
  return s.toUpperCase;
}
console.log(member("a") === String.prototype.toUpperCase, member(String.prototype) === String.prototype.toUpperCase);
function inherited(s: any): any {
  return s.fromObjectPrototype;
}
(Object.prototype as any).fromObjectPrototype = 5;
console.log(inherited("a"), inherited({}), inherited(7));
delete (Object.prototype as any).fromObjectPrototype;
console.log(inherited("a"));

// Template literals: each substitution converted in order, as evaluated.
const log: string[] = [];
const obj = {
  toString() {
    log.push("toString");
    return "O";
  },
};
let k = 0;
const big = "x".repeat(40);
for (let i = 0; i < 3; i++) {
  const t = `a${i}b${obj}c${i * 1.5}d${-0}e${NaN}f${1e21}g${k++}${k++}${k++}${big}h${log.length}`;
  console.log(`${i}`, `<${i}`, `${i}>`, t, ``, `plain`, t.length);
}
console.log(log.join(" "));
console.log(`${[1, 2]}-${null}-${undefined}-${true}-${{}}-${[]}`);
try {
  console.log(`${Symbol("s")}`);
} catch (e) {
  console.log((e as Error).constructor.name);
}
console.log(`${-5}|${123456789}|${-123456789012}|${2 ** 53}|${99}|${100}|${1023}|${1024}|${-1}|${0.1}|${-1e-7}`);
console.log(String(10) + String(-99) + String(1000000) + String(4294967296) + String(-0));

// The search methods: positions converted after both strings, each string
// intact when the position's valueOf allocates.
const pos = (n: number) => ({
  valueOf() {
    const junk: string[] = [];
    for (let j = 0; j < 200; j++) junk.push(`junk ${j}`);
    log.push(`pos ${n} ${junk.length}`);
    return n;
  },
});
const hay = `${"ab".repeat(5)}:${"cd".repeat(5)}`;
console.log(hay.indexOf("cd", pos(3) as any), hay.lastIndexOf("ab", pos(6) as any), hay.includes(":", pos(11) as any));
console.log(hay.startsWith("cd", pos(11) as any), hay.endsWith("ab", pos(10) as any), hay.endsWith("ab", pos(100) as any));
console.log(hay.slice(pos(2) as any, pos(-3) as any), hay.substring(pos(12) as any, pos(4) as any), hay.slice(5, 6), hay.slice(6, 5) === "");
console.log(log.slice(-10).join(" "));
console.log("".indexOf(""), "abc".indexOf("", 10), "abc".lastIndexOf(""), "abc".includes(""), "abc".startsWith("", 3), "abc".endsWith("", 0));
try {
  "abc".includes(/b/ as any);
} catch (e) {
  console.log((e as Error).constructor.name);
}
try {
  String.prototype.indexOf.call(null as any, "a");
} catch (e) {
  console.log((e as Error).constructor.name);
}
