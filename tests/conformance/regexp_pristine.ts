// RegExp methods on unmodified RegExps skip the spec's property reads (they
// could observe nothing); each modification below must be seen again.

const line = "2026-11-30 user7@example.com GET /api/items/125 200";
function run(label: string, re: RegExp): void {
  const out: unknown[] = [];
  out.push(re.test(line), re.lastIndex);
  out.push(line.replace(re, "#"), re.lastIndex);
  out.push(line.replace(re, "[$&|$1|$`.length]").length);
  out.push(line.replace(re, (m: string, ...rest: unknown[]) => `<${m}:${rest.length}>`));
  out.push(JSON.stringify(line.split(re)), JSON.stringify(line.split(re, 3)), re.lastIndex);
  out.push(JSON.stringify(re.exec(line)), re.lastIndex);
  console.log(label, JSON.stringify(out));
}

run("digits", /\d/g);
run("digits-sticky", /\d+/y);
run("groups", /(\d+)-(\d+)/);
run("empty", /(?:)/g);
run("words", /\b/g);
run("unicode", /(?:)/gu);
run("spaces", /[\s@/]+/);
console.log("😀a😀".replace(/(?:)/gu, "-"), "😀a😀".split(/(?:)/u).length, "😀a😀".split(/(?:)/).length);

// An own property: not pristine, same results.
const own = /\d+/g as RegExp & { extra?: number };
own.extra = 1;
run("own-property", own);

// lastIndex as an object: converted once per exec, before matching.
const li = /o/;
(li as any).lastIndex = { valueOf() { console.log("valueOf lastIndex"); return 3; } };
console.log(li.test("foo"), line.replace(li, "0"));
const lig = /o/g;
lig.lastIndex = 2;
console.log(lig.test("foo"), lig.lastIndex, lig.test("foo"), lig.lastIndex, lig.test("foo"), lig.lastIndex);

// A non-writable lastIndex: global and sticky matching must throw.
const frozen = /a/g;
Object.defineProperty(frozen, "lastIndex", { writable: false, value: 0 });
for (const f of [() => frozen.test("aaa"), () => "aaa".replace(frozen, "b"), () => frozen.exec("xyz")]) {
  try {
    console.log("no throw", f());
  } catch (e) {
    console.log((e as Error).constructor.name);
  }
}
console.log("aaa".split(frozen).length, "nonglobal", /a/.test("bab"));

// A limit that runs code.
console.log(JSON.stringify("a,b,c,d".split(/,/, { valueOf() { console.log("valueOf limit"); return 2; } } as any)));

// Overriding exec is seen by test, replace and split.
const realExec = RegExp.prototype.exec;
let calls = 0;
RegExp.prototype.exec = function (this: RegExp, s: string) {
  calls++;
  return realExec.call(this, s);
};
run("patched-exec", /\d+/g);
console.log("exec calls", calls);
RegExp.prototype.exec = realExec;
run("restored", /\d+/g);

// A species constructor is used by split.
class Tracked extends RegExp {
  static get [Symbol.species]() {
    console.log("species read");
    return RegExp;
  }
}
console.log(JSON.stringify("a1b2c".split(new Tracked("\\d"))));
const speciesDesc = Object.getOwnPropertyDescriptor(RegExp, Symbol.species)!;
Object.defineProperty(RegExp, Symbol.species, {
  get() {
    console.log("RegExp species read");
    return RegExp;
  },
  configurable: true,
});
console.log(JSON.stringify("a1b2c".split(/\d/)));
Object.defineProperty(RegExp, Symbol.species, speciesDesc);
console.log(JSON.stringify("a1b2c".split(/\d/)));

// A getter replaced on the prototype (sticky: read by @@split's flags).
const stickyDesc = Object.getOwnPropertyDescriptor(RegExp.prototype, "sticky")!;
Object.defineProperty(RegExp.prototype, "sticky", { get() { console.log("sticky read"); return false; }, configurable: true });
console.log(JSON.stringify("a1b2c".split(/\d/)), /b/.test("abc"));
Object.defineProperty(RegExp.prototype, "sticky", stickyDesc);
console.log(JSON.stringify("a1b2c".split(/\d/)));
