// A hand-written JSON serializer compared against JSON.stringify
function ser(v: unknown, indent = "", step = "  "): string | undefined {
  if (v === null) return "null";
  switch (typeof v) {
    case "number": return Number.isFinite(v) ? String(v) : "null";
    case "boolean": return String(v);
    case "string": return JSON.stringify(v);
    case "undefined": case "function": case "symbol": return undefined;
  }
  const inner = indent + step;
  if (Array.isArray(v)) {
    if (v.length === 0) return "[]";
    const parts = v.map((x) => ser(x, inner, step) ?? "null");
    return "[\n" + parts.map((p) => inner + p).join(",\n") + "\n" + indent + "]";
  }
  const entries: string[] = [];
  for (const k of Object.keys(v as object)) {
    const s = ser((v as any)[k], inner, step);
    if (s !== undefined) entries.push(inner + JSON.stringify(k) + ": " + s);
  }
  return entries.length ? "{\n" + entries.join(",\n") + "\n" + indent + "}" : "{}";
}
const samples: unknown[] = [
  { a: 1, b: [true, null, "x"], c: { d: {}, e: [] } },
  [1, [2, [3, []]], { k: undefined, f() {}, n: NaN }],
  "plain \"string\"\n",
  { 10: "ten", 2: "two", z: -0, big: 1e21, small: 1e-7 },
];
for (const s of samples) {
  const mine = ser(s);
  const ref = JSON.stringify(s, null, 2);
  console.log(mine === ref ? "match" : "MISMATCH");
  console.log(mine);
}
