// Getters and setters in object literals
const temp = {
  _c: 0,
  get fahrenheit() { return this._c * 9 / 5 + 32; },
  set fahrenheit(f: number) { this._c = (f - 32) * 5 / 9; },
  get celsius() { return this._c; },
};
console.log(temp.fahrenheit, temp.celsius);
temp.fahrenheit = 212;
console.log(temp.celsius, temp.fahrenheit);
try {
  (temp as any).celsius = 50;
} catch (e: any) {
  console.log("getter only:", e instanceof TypeError, e.name);
}
console.log(temp.celsius);
const log: string[] = [];
const tracked = {
  _v: 1,
  get v() { log.push("get"); return this._v; },
  set v(n: number) { log.push("set " + n); this._v = n; },
};
tracked.v += 5;
tracked.v++;
console.log(tracked.v, log);
const onlySetter: any = { set x(v: number) { this.stored = v * 2; } };
onlySetter.x = 4;
console.log(onlySetter.x, onlySetter.stored);
const lazy = {
  calls: 0,
  get expensive() { this.calls++; return 42; },
};
console.log(lazy.expensive, lazy.expensive, lazy.calls);
console.log(Object.keys(temp));
console.log(JSON.stringify(temp));
const copy = { ...temp };
temp._c = 1000;
console.log(copy.celsius, copy.fahrenheit);
const counter = {
  count: 0,
  get next() { return ++this.count; },
};
console.log(counter.next, counter.next, counter.next);
console.log(temp);
