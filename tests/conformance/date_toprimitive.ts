// Date.prototype[Symbol.toPrimitive], + and string concatenation.
const d = new Date(Date.UTC(2020, 0, 1));
console.log(+d, d.valueOf(), Number(d));
console.log("at " + d);
console.log(d + 1 === d.toString() + "1", d - 0, d - new Date(Date.UTC(2019, 11, 31)));
console.log(d < new Date(Date.UTC(2021, 0, 1)), d > new Date(0), d == d.toString() as any);
const tp = Date.prototype[Symbol.toPrimitive];
console.log(typeof tp, tp.name, tp.length);
console.log(d[Symbol.toPrimitive]("number"), d[Symbol.toPrimitive]("default"), d[Symbol.toPrimitive]("string"));
try {
  (d as any)[Symbol.toPrimitive]("bogus");
} catch (e) {
  console.log((e as Error).name, (e as Error).message);
}
try {
  tp.call(1, "number");
} catch (e) {
  console.log((e as Error).name);
}
const desc = Object.getOwnPropertyDescriptor(Date.prototype, Symbol.toPrimitive)!;
console.log(desc.writable, desc.enumerable, desc.configurable);
const obj = { valueOf() { return 5; }, toString() { return "str"; } };
console.log(tp.call(obj, "number"), tp.call(obj, "string"), tp.call(obj, "default"));
console.log(`${d}` === d.toString(), [d].join() === d.toString(), JSON.stringify(d));
const m = new Map([[d.getTime(), "x"]]);
console.log(m.get(+new Date(Date.UTC(2020, 0, 1))));
const dates = [new Date(Date.UTC(2022, 0, 1)), new Date(Date.UTC(2020, 0, 1)), new Date(Date.UTC(2021, 0, 1))];
dates.sort((a, b) => a.getTime() - b.getTime());
console.log(dates.map((x) => x.getUTCFullYear()).join(","), Math.max(...(dates as any)));
