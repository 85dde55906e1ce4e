// ToPrimitive via valueOf and toString
const withValueOf = { valueOf() { return 10; } };
const withToString = { toString() { return "str"; } };
const withBoth = { valueOf() { return 7; }, toString() { return "seven"; } };
const v: any = withValueOf, t: any = withToString, b: any = withBoth;
console.log(v + 1, v * 2, v > 9, v == 10, `${v}`, String(v));
console.log(t + 1, `${t}`, String(t), t == "str", t + "");
console.log(b + 1, b + "", `${b}`, String(b), b * 1, [b] + "");
const arr: any = [1, 2];
arr.valueOf = () => 100;
console.log(arr + 1, `${arr}`);
const date: any = { valueOf() { return 3; }, toString() { return "x"; } };
console.log(date - 1, date + date);
const log: string[] = [];
const traced: any = {
  valueOf() { log.push("valueOf"); return {}; },
  toString() { log.push("toString"); return "fallback"; },
};
console.log(traced + "!", log);
log.length = 0;
console.log(String(traced), log);
const bad: any = { valueOf() { return {}; }, toString() { return {}; } };
try {
  console.log(bad + 1);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
class Money {
  constructor(private cents: number) {}
  valueOf() { return this.cents / 100; }
  toString() { return "$" + (this.cents / 100).toFixed(2); }
}
const m1: any = new Money(150), m2: any = new Money(275);
console.log(m1 + m2, `${m1} and ${m2}`, m1 < m2, String(m2));
console.log(Number(m1), +m2, m1 == 1.5);
