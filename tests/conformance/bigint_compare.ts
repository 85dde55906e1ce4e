// Comparison and equality of BigInts with BigInts, Numbers (NaN, infinities,
// fractions, values beyond 2^53), Strings and Booleans; SameValue and friends.
const log = console.log;
const big = 2n ** 64n;

log(1n < 2n, 2n < 1n, -1n < 0n, big > big - 1n, 1n <= 1n, 1n >= 2n);
log(1n < 2, 2 < 1n, 1n < 1.5, 2n > 1.5, -1n < -0.5, 1n == 1, 1n === 1 as any, 1n == 1.5);
log(1n < NaN, 1n > NaN, 1n == NaN, 1n < Infinity, 1n > -Infinity, big > 1e19, big < 1.9e19, big == 18446744073709551616);
log(2n ** 53n + 1n == 9007199254740992, 2n ** 53n + 1n > 9007199254740992, 9007199254740993n < 9007199254740994);
log(1n < "2", "10" > 9n, 1n == "1", "0x10" == 16n as any, 1n < "x", 1n >= "x", "1.5" == 1n as any, " 12 " == 12n as any);
log(1n == true, 0n == false, 2n == true, 0n == "", 0n == null, 0n == undefined);
log(1n == Object(1n), Object(1n) == 1n, Object(1n) === Object(1n) as any, 1n === Object(1n) as any);

// Strict equality by value, not identity.
const x = 10n ** 20n;
const y = 10n ** 20n;
log(x === y, x !== y, x == y, [x].includes(y), [x].indexOf(y), Object.is(x, y), Object.is(0n, -0n));
let n = 5n;
const arr: bigint[] = [1n, 2n, 3n, 4n, 5n, 6n];
log(arr.indexOf(n + 1n), arr.lastIndexOf(3n), arr.findIndex((v) => v === 4n));
switch (n * 2n) {
  case 10:
    log("number case");
    break;
  case 10n:
    log("bigint case");
    break;
}

// Sorting with comparisons.
const list = [5n, -3n, 2n ** 70n, 0n, -(2n ** 70n), 17n];
list.sort((p, q) => (p < q ? -1 : p > q ? 1 : 0));
log(list);
log(0n ? "truthy" : "falsy", 1n ? "truthy" : "falsy", !0n, !!-1n, 0n || "fallback", 2n && "both");
