// Arrow functions capture this lexically
const counter = {
  count: 0,
  incLater() {
    const inc = () => { this.count++; return this.count; };
    return inc;
  },
  regularInner() {
    const self = this;
    return function (this: any) { return [this === undefined, self === counter]; };
  },
};
const inc = counter.incLater();
console.log(inc(), inc(), counter.count);
console.log(counter.regularInner()());
class Timer {
  ticks = 0;
  tickers() {
    return [1, 2, 3].map(() => ++this.ticks);
  }
  arrowField = () => this.ticks * 10;
}
const t = new Timer();
console.log(t.tickers(), t.ticks);
const detachedField = t.arrowField;
console.log(detachedField());
const objArrow = {
  name: "obj",
  method() { return (() => (() => this.name)())(); },
};
console.log(objArrow.method());
const borrowed = { name: "borrowed", method: objArrow.method };
console.log(borrowed.method());
const boundArrow = (() => "arrow").bind({ x: 1 });
console.log(boundArrow());
function outer(this: any) {
  return (() => this)();
}
console.log(outer.call("ctx"), outer() === undefined);
