// The BigInt function, BigInt.asIntN/asUintN, BigInt.prototype and the
// conversions with Number and String.
const log = console.log;
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};

log(BigInt(0), BigInt(-0), BigInt(42), BigInt(-42), BigInt(2 ** 60), BigInt(1e21), BigInt(Number.MAX_SAFE_INTEGER));
log(BigInt("123"), BigInt("  -77\n"), BigInt(""), BigInt("0x1f"), BigInt("0o17"), BigInt("0b11"), BigInt("+9"), BigInt("-0"));
log(BigInt(true), BigInt(false), BigInt(10n), BigInt(Object(3n)), BigInt({ valueOf: () => 8 }), BigInt({ toString: () => "9" }));
t("1.5", () => BigInt(1.5));
t("NaN", () => BigInt(NaN));
t("Inf", () => BigInt(-Infinity));
t("str", () => BigInt("1.5"));
t("str2", () => BigInt("1e3"));
t("str3", () => BigInt("-0x10"));
t("str4", () => BigInt("12n"));
t("undefined", () => BigInt(undefined));
t("null", () => BigInt(null as any));
t("symbol", () => BigInt(Symbol("s") as any));
t("new", () => new (BigInt as any)(1));
log(BigInt.length, BigInt.name, BigInt.asIntN.length, BigInt.prototype.toString.length);

// asIntN / asUintN.
log(BigInt.asIntN(8, 255n), BigInt.asIntN(8, 127n), BigInt.asIntN(8, 128n), BigInt.asIntN(8, -129n), BigInt.asIntN(0, 5n));
log(BigInt.asUintN(8, 257n), BigInt.asUintN(8, -1n), BigInt.asUintN(64, -1n), BigInt.asIntN(64, 2n ** 63n), BigInt.asUintN(0, 7n));
log(BigInt.asIntN(200, -5n), BigInt.asUintN(200, 5n), BigInt.asIntN(1, 1n), BigInt.asIntN(65, 2n ** 64n), BigInt.asUintN(3, "13" as any));
t("asIntN -1", () => BigInt.asIntN(-1, 1n));
t("asIntN num", () => BigInt.asIntN(8, 1 as any));
t("asUintN huge", () => BigInt.asUintN(2 ** 40, -1n));

// toString, valueOf, toLocaleString.
log((255n).toString(), (255n).toString(16), (-255n).toString(2), (2n ** 64n).toString(36), (0n).toString(7));
log((1234567n).toLocaleString(), (-1000n).toLocaleString(), (12n).toLocaleString(), Object(5n).valueOf());
t("radix 1", () => (1n).toString(1));
t("radix 37", () => (1n).toString(37));
t("this", () => BigInt.prototype.toString.call(1));
t("valueOf this", () => BigInt.prototype.valueOf.call("1"));
log(Object.prototype.toString.call(1n), Object.prototype.toString.call(Object(1n)), BigInt.prototype[Symbol.toStringTag]);
log(Object(1n) instanceof BigInt, (1n as any).constructor === BigInt, Object.getPrototypeOf(1n) === BigInt.prototype);

// Number, String and friends.
log(Number(123n), Number(-(2n ** 64n)), Number(2n ** 53n + 1n), Number(2n ** 1024n), Number(-(2n ** 1024n)));
log(String(-5n), `${2n ** 70n}`, "x" + 1n, 1n + "x", [1n, 2n].join("-"), parseInt(15n as any), parseFloat(3n as any));
log((10n).toString() === "10", 1n + "" === "1", { [5n as any]: "key" });
const o: any = { 1n: "one" };
log(o[1], o["1"], o[1n as any], Object.keys(o));
