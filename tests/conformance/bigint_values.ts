// BigInts as values: Map/Set keys by value, printing, JSON, update and
// compound assignment, property access, structuredClone.
const log = console.log;
const t = (name: string, fn: () => unknown) => {
  try {
    log(name, fn());
  } catch (e: any) {
    log(name, e.constructor.name + ": " + e.message);
  }
};

const m = new Map<bigint, string>();
m.set(10n ** 25n, "big");
m.set(1n, "one");
m.set(-1n, "minus one");
log(m.get(10n ** 25n), m.get(1n), m.get(2n - 1n), m.has(0n - 1n), m.get(1 as any), m.size);
const s = new Set([1n, 1n, 2n, 10n ** 20n, 10n ** 20n, 1]);
log(s.size, s.has(2n), s.has(10n ** 20n), [...s]);

log(1n, -1n, [1n, -2n, { a: 3n }], { big: 2n ** 100n }, Object(7n), new Map([[1n, 2n]]));
console.log("%s %d %i %f", 5n, 6n, 7n, 8n, Object(9n));

t("json", () => JSON.stringify({ a: 1n }));
t("json top", () => JSON.stringify(1n));
t("json wrapper", () => JSON.stringify([Object(2n)]));
(BigInt.prototype as any).toJSON = function () {
  return this.toString() + "n";
};
log(JSON.stringify({ a: 1n, b: [2n ** 70n] }));
delete (BigInt.prototype as any).toJSON;

// Update and compound assignment.
let i = 5n;
log(i++, i, ++i, i--, --i, i);
let j: any = 9007199254740993n;
j++;
log(j);
const obj: any = { v: 1n, w: -1n };
obj.v++;
++obj.w;
obj.v **= 10n;
log(obj);
let k = 100n;
k += 1n;
k -= 2n;
k *= 3n;
k /= 4n;
k %= 50n;
k **= 3n;
k <<= 2n;
k >>= 1n;
k &= 0xFFFFn;
k |= 1n;
k ^= 3n;
log(k);
let u: any = 1n;
t("u >>>=", () => (u >>>= 1n));
t("u += 1", () => (u += 1));
let num = 10;
t("num -= big", () => (num -= 1n as any));
log(num);
let arrx = [1n, 2n];
arrx[0]--;
log(arrx);

// Property access on primitives, methods and wrappers.
log((5n).toString(2), (5n as any).foo, "toString" in Object(5n), typeof (5n as any).valueOf);
(BigInt.prototype as any).double = function () {
  return this * 2n;
};
log((21n as any).double());
t("set strict", () => {
  "use strict";
  (5n as any).x = 1;
  return "set";
});
log(structuredClone(12n), structuredClone([1n, Object(2n)]));
const neg = (x: bigint) => -x;
const inv = (x: bigint) => ~x;
log(neg(3n), inv(3n), neg(-(2n ** 64n)));
let total = 0n;
for (let n = 0n; n < 100n; n++) total += n * n;
log(total);
function fib(n: bigint): bigint {
  let a = 0n,
    b = 1n;
  for (let x = 0n; x < n; x++) [a, b] = [b, a + b];
  return a;
}
log(fib(100n), fib(300n));
class Ret {
  constructor() {
    return 1n as any;
  }
}
class Derived extends Ret {
  constructor() {
    super();
    return 2n as any;
  }
}
log(new Ret() instanceof Ret);
t("derived", () => new Derived());
// A number local's compound assignment with an operand of another type.
let nl = 10;
nl -= "3" as any;
nl *= { valueOf: () => 4 } as any;
log(nl);
