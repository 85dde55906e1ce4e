// JSON.parse nests on an explicit stack: 100,000-deep arrays and objects parse, as in Node;
// what Node does with the result (JSON.stringify: a RangeError) matches.
function t(name: string, f: () => unknown) {
  try {
    console.log(name, "ok", f());
  } catch (e: any) {
    console.log(name, e.constructor.name, e.message);
  }
}
const N = 100000;
function depth(v: any): number {
  let d = 0;
  while (typeof v === "object" && v !== null) {
    v = Array.isArray(v) ? v[0] : v.a;
    d++;
  }
  return d;
}
const arrays = JSON.parse("[".repeat(N) + "]".repeat(N));
t("arrays", () => depth(arrays));
const objects = JSON.parse('{"a":'.repeat(N) + "7" + "}".repeat(N));
t("objects", () => depth(objects));
let inner: any = objects;
for (let i = 0; i < N; i++) inner = inner.a;
t("innermost", () => inner);
t("mixed", () => depth(JSON.parse('[{"a":'.repeat(N / 2) + "null" + "}]".repeat(N / 2))));
t("siblings", () => JSON.stringify(JSON.parse('[[1,[2,{"b":[3]}]],{"c":{"d":[]}},4]')));
t("stringify", () => JSON.stringify(arrays));
t("stringify objects", () => JSON.stringify(objects));
// Errors deep inside keep V8's messages and positions.
t("unclosed", () => JSON.parse("[".repeat(N)));
t("bad token", () => JSON.parse("[".repeat(1000) + "x" + "]".repeat(1000)));
t("missing comma", () => JSON.parse("[[1 2]]"));
t("missing colon", () => JSON.parse('{"a" 1}'));
t("trailing comma", () => JSON.parse('[{"a":1},]'));
t("bad key", () => JSON.parse('{"a":1,2:3}'));
t("extra close", () => JSON.parse("[[]]]"));
t("wrong close", () => JSON.parse("[{]"));
t("empty object key", () => JSON.parse("{,}"));
t("reviver", () => JSON.parse('{"a":[1,{"b":2}]}', (k, v) => (typeof v === "number" ? v * 10 : v)).a[1].b);
