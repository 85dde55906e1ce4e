// Errors: bad patterns and flags at run time, wrong receivers.
const bad = ["(", "[", "a**", "(?<n>a)(?<n>b)", "\\", "x{2,1}", "(?<1>x)"];
for (const p of bad) {
  try {
    new RegExp(p);
    console.log("ok", p);
  } catch (e: any) {
    console.log(p, e instanceof SyntaxError, e.name);
  }
}
for (const p of ["\\u{110000}", "\\p{Nope}", "[z-a]", "\\k<x>(?<y>.)"]) {
  try {
    new RegExp(p, "u");
    console.log("ok", p);
  } catch (e: any) {
    console.log(p, e.name);
  }
}
for (const f of ["gg", "x", "uv", "G", "gimsuyd!"]) {
  try {
    new RegExp("a", f);
    console.log("ok", f);
  } catch (e: any) {
    console.log(JSON.stringify(f), e.name, e.message);
  }
}
// Annex B syntax outside u mode is accepted.
for (const p of ["]", "{", "a{", "\\c", "\\8", "[\\c_]", "\\1(a)", "x{1}{1,}"]) {
  try {
    console.log(p, new RegExp(p).test("x]{a{c8_"));
  } catch (e: any) {
    console.log(p, e.name);
  }
}
const calls: [string, any][] = [
  ["exec", {}],
  ["test", 1],
  ["toString", undefined],
];
for (const [name, recv] of calls) {
  try {
    (RegExp.prototype as any)[name].call(recv, "x");
  } catch (e: any) {
    console.log(name, e.name);
  }
}
try {
  Object.getOwnPropertyDescriptor(RegExp.prototype, "global")!.get!.call({});
} catch (e: any) {
  console.log("global getter", e.name);
}
try {
  Object.getOwnPropertyDescriptor(RegExp.prototype, "source")!.get!.call(3);
} catch (e: any) {
  console.log("source getter", e.name);
}
const frozen = Object.freeze(/a/g);
try {
  frozen.exec("a");
} catch (e: any) {
  console.log("frozen", e.name);
}
const badExec = /a/ as any;
badExec.exec = () => 42;
try {
  badExec.test("a");
} catch (e: any) {
  console.log("bad exec result", e.name);
}
try {
  (String.prototype as any).match.call(null, /a/);
} catch (e: any) {
  console.log("match on null", e.name);
}
