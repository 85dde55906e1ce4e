// Truthiness of every kind of value
const cases: [string, unknown][] = [
  ["0", 0], ["-0", -0], ["NaN", NaN], ["1", 1], ["-1", -1], ["Infinity", Infinity],
  ["empty string", ""], ["space", " "], ["'0'", "0"], ["'false'", "false"],
  ["true", true], ["false", false], ["null", null], ["undefined", undefined],
  ["{}", {}], ["[]", []], ["[0]", [0]], ["function", () => 0], ["symbol", Symbol()],
];
for (const [label, v] of cases) {
  console.log(label, "=>", v ? "truthy" : "falsy", Boolean(v), !!v, !v);
}
let count = 0;
for (const [, v] of cases) if (v) count++;
console.log("truthy count", count);
const filtered = cases.filter(([, v]) => v).map(([l]) => l);
console.log(filtered.join(", "));
console.log(!!document_like(), !!"", !!" ".trim());
function document_like(): object | null { return null; }
