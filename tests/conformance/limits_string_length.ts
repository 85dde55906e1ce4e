// Strings have V8's maximum length (2^29 - 24 code units): what would be longer throws
// RangeError: Invalid string length at once, before building anything.
function t(name: string, f: () => unknown) {
  try {
    const r = f();
    console.log(name, "ok", typeof r === "string" ? r.length : r);
  } catch (e: any) {
    console.log(name, e instanceof RangeError, e.message);
  }
}
const MAX = 2 ** 29 - 24;
t("repeat", () => "ab".repeat(2 ** 28));
t("repeat max+1", () => "a".repeat(MAX + 1));
t("repeat huge", () => "abc".repeat(2 ** 40));
t("padStart", () => "a".padStart(MAX + 1));
t("padEnd", () => "a".padEnd(2 ** 30, "xy"));
t("padStart fits", () => "a".padStart(10, "xy"));
t("padEnd fits", () => "abc".padEnd(8, "12"));
t("repeat fits", () => "xyz".repeat(5));
// One string of 2^28 units: any two together are too long, and each operation throws
// before copying anything.
const big = "a".repeat(2 ** 28);
t("big", () => big);
t("concat", () => big + big);
t("template", () => `${big}${big}`);
t("String.concat", () => big.concat("", big));
t("join", () => [big, big].join(""));
t("join separator", () => ["", "", ""].join(big));
t("join holes", () => new Array(3).join(big));
t("replaceAll", () => "aa".replaceAll("a", big));
// After the errors, ordinary strings work.
t("after", () => "x".repeat(3) + "y".padStart(3, "-"));
