// BigInt literals in every radix and the arithmetic operators: truncating
// division and remainder, exponentiation, unary minus, results beyond 64 bits.
const log = console.log;

log(0n, 1n, -1n, 123n, 0x1Fn, 0XFFn, 0o17n, 0b1011n, 1_000_000n, 0xdead_beefn);
log(18446744073709551615n, 0xFFFFFFFFFFFFFFFFFFFFn, -9223372036854775808n, 9223372036854775807n + 1n);
log(typeof 1n, typeof Object(1n), typeof BigInt, typeof BigInt(5));

// + - * / % **
const a = 12345678901234567890n;
const b = 987654321n;
log(a + b, a - b, a * b, a / b, a % b);
log(b - a, -a, -(-a), -0n, 0n === -0n);
log(7n / 2n, -7n / 2n, 7n / -2n, -7n / -2n);
log(7n % 2n, -7n % 2n, 7n % -2n, -7n % -2n, 6n % 3n, -6n % 3n);
log(2n ** 0n, 2n ** 1n, 2n ** 64n, (-2n) ** 63n, (-3n) ** 3n, 0n ** 0n, 1n ** 100000n, (-1n) ** 100001n);
log(10n ** 30n, (10n ** 30n) / (10n ** 15n));
log(9223372036854775807n * 9223372036854775807n, -9223372036854775808n / -1n, -9223372036854775808n % -1n);
log(1n + 2n * 3n - 4n / 2n, (1n + 2n) * 3n);

// Very large values round trip through strings.
let f = 1n;
for (let i = 1n; i <= 30n; i++) f *= i;
log(f, String(f).length, f / (f / 1000n));

// Errors.
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};
t("div0", () => 1n / 0n);
t("mod0", () => 1n % 0n);
t("negexp", () => 2n ** -1n);
t("huge", () => 2n ** (2n ** 40n));
t("mix+", () => (1n as any) + 1);
t("mix-", () => 1 - (1n as any));
t("mix*", () => (2n as any) * 1.5);
t("mix**", () => (2n as any) ** 2);
t("unary+", () => +(1n as any));
t("Math", () => Math.max(1n as any, 2));
t("isNaN", () => isNaN(1n as any));
t("sym", () => (Symbol() as any) + 1n);
