// Bitwise operators and shifts on BigInts, two's complement semantics for
// negatives; >>> throws.
const log = console.log;

log(5n & 3n, 5n | 3n, 5n ^ 3n, ~5n, ~-1n, ~0n);
log(-5n & 3n, -5n | 3n, -5n ^ 3n, -5n & -3n, -5n | -3n, -5n ^ -3n);
log(0xFFFF_FFFF_FFFF_FFFF_FFFFn & -0x1_0000n, -1n & 0xFFn, (-256n) | 0x0Fn);
log(1n << 0n, 1n << 64n, 1n << 100n, 3n << -1n, -1n << 3n, 0n << 1000000n);
log(256n >> 4n, -256n >> 4n, -1n >> 100n, -7n >> 1n, 7n >> 1n, 5n >> -2n, 1n >> 64n, -(2n ** 70n) >> 3n);
log((2n ** 128n - 1n) ^ (2n ** 64n), -(2n ** 65n) & (2n ** 66n - 1n));
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};
t(">>>", () => (1n as any) >>> 0n);
t("& mix", () => (1n as any) & 1);
t("<< huge", () => 1n << (2n ** 40n));
t(">> huge", () => -5n >> (2n ** 40n));
t("~ obj", () => ~(Object(5n) as any));
t("- obj", () => -(Object(5n) as any));
