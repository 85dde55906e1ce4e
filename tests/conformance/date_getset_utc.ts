// Getters and setters in UTC, and their argument handling.
const d = new Date(Date.UTC(2024, 1, 29, 13, 45, 30, 250));
console.log(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
d.setUTCFullYear(2025);
console.log(d.toISOString());
d.setUTCMonth(0, 31);
console.log(d.toISOString());
d.setUTCDate(0);
console.log(d.toISOString());
console.log(d.setUTCHours(25, 61, 61, 1001), d.toISOString());
d.setUTCMinutes(-1);
console.log(d.toISOString());
d.setUTCSeconds(30, 5);
console.log(d.toISOString());
d.setUTCMilliseconds(-1);
console.log(d.toISOString());
console.log(d.setTime(0), d.toISOString(), d.setTime(8.64e15 + 1), d.getTime());
const inv = new Date(NaN);
console.log(inv.setUTCHours(1), inv.setUTCDate(1), inv.getTime());
console.log(inv.setUTCFullYear(2020), inv.toISOString());
const e = new Date(0);
console.log(e.setUTCMonth(NaN), e.getTime(), new Date(0).setUTCHours(undefined as any));
const order: string[] = [];
const f = new Date(0);
f.setUTCHours({ valueOf() { order.push("h"); return 1; } } as any, { valueOf() { order.push("m"); return 2; } } as any);
console.log(order.join(","), f.toISOString());
const g = new Date(0);
const seen: string[] = [];
g.setUTCMinutes({ valueOf() { seen.push("min"); return 1; } } as any, { valueOf() { seen.push("sec"); return 2; } } as any);
console.log(seen.join(","), g.getTime());
const years = [0, 1, 99, 100, 1900, 1969, 1970, 2000, 2100, 9999, 10000, -1, -271821, 275760];
for (const y of years) {
  const x = new Date(0);
  x.setUTCFullYear(y);
  console.log(y, x.getTime(), isNaN(x.getTime()) ? "invalid" : x.toISOString(), x.getUTCDay());
}
console.log(new Date(-1).getUTCMilliseconds(), new Date(-1).getUTCFullYear(), new Date(-62198755200000).toISOString());
console.log(new Date(Date.UTC(1600, 1, 29)).getUTCDate(), new Date(Date.UTC(1700, 1, 29)).getUTCDate(), new Date(Date.UTC(2000, 1, 29)).getUTCDate());
