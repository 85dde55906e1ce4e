// Date construction: numbers, components, copies, strings, statics.
const a = new Date(0);
console.log(a.getTime(), a.valueOf(), a.toISOString());
const b = new Date(Date.UTC(2024, 0, 15, 10, 30, 45, 123));
console.log(b.getTime(), b.toISOString());
const c = new Date(b);
console.log(c.getTime() === b.getTime(), c !== b);
console.log(new Date(2024, 0, 15, 10, 0, 0).getTime());
console.log(new Date(2024, 0).getTime(), new Date(99, 11, 31).getFullYear(), new Date(100, 0).getFullYear());
console.log(new Date(2024, 13, 1).toISOString(), new Date(2024, 0, 0).toISOString(), new Date(2024, 1, 29, 25).toISOString());
console.log(new Date(8.64e15).getTime(), new Date(8.64e15 + 1).getTime(), new Date(-8.64e15).toISOString());
console.log(new Date(1.9).getTime(), new Date(-1.9).getTime(), Object.is(new Date(-0).getTime(), 0));
console.log(new Date(true).getTime(), new Date(null).getTime(), new Date(undefined).getTime());
console.log(new Date({ valueOf() { return 42; } }).getTime(), new Date({ toString() { return "1970-01-01T00:00:01Z"; }, valueOf: undefined } as any).getTime());
console.log(Date.UTC(2024), Date.UTC(2024, 1), Date.UTC(), Date.UTC(99, 0, 1), Date.UTC(2024, 0, 1, 0, 0, 0, 0.9));
console.log(typeof Date.now(), Date.now() > 1.7e12, Math.abs(new Date().getTime() - Date.now()) < 1000);
console.log(typeof Date(), Date().length > 20, typeof new Date());
console.log(Date.length, Date.name, Date.UTC.length, Date.parse.length, Date.now.length);
console.log(Object.prototype.toString.call(new Date(0)), new Date(0) instanceof Date);
console.log(Date.prototype.constructor === Date, Object.getPrototypeOf(new Date()) === Date.prototype);
class MyDate extends Date {
  label() { return "my:" + this.getUTCFullYear(); }
}
const m = new MyDate(Date.UTC(2030, 5, 1));
console.log(m.label(), m instanceof Date, m instanceof MyDate, m.toISOString());
const many: Date[] = [];
for (let i = 0; i < 200; i++) many.push(new Date(Date.UTC(2000, 0, 1 + i)));
console.log(many.length, many[199].toISOString(), many.map((d) => d.getUTCDate()).slice(28, 33).join(","));
const desc = Object.getOwnPropertyDescriptor(Date, "prototype")!;
console.log(desc.writable, desc.enumerable, desc.configurable);
const gm = Object.getOwnPropertyDescriptor(Date.prototype, "getMonth")!;
console.log(gm.writable, gm.enumerable, gm.configurable, Date.prototype.setHours.length, Date.prototype.toGMTString === Date.prototype.toUTCString);
try {
  Date.prototype.getTime.call({});
} catch (e) {
  console.log((e as Error).constructor.name, (e as Error).message);
}
const cloned = structuredClone({ at: new Date(Date.UTC(2024, 4, 5)), bad: new Date(NaN) });
console.log(cloned.at instanceof Date, cloned.at.toISOString(), cloned.bad.getTime());
