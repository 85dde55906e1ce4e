// Detached method calls: this is undefined in strict mode
const obj = {
  value: 42,
  getThis(this: any) { return this; },
  getValue(this: any) { return this.value; },
};
const detached = obj.getThis;
console.log(detached() === undefined);
console.log(typeof detached());
const dv = obj.getValue;
try {
  dv();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name, e.message);
}
function plain(this: any) { return this; }
console.log(plain() === undefined);
console.log((0, obj.getThis)() === undefined);
const fns = [obj.getThis];
console.log(fns[0]() === fns);
class C {
  v = 1;
  m() { return this; }
}
const c = new C();
const m = c.m;
console.log(m() === undefined, c.m() === c);
function callback(fn: () => unknown) { return fn(); }
console.log(callback(obj.getThis) === undefined);
console.log([1].map(function (this: any) { return this; })[0] === undefined);
console.log([1].map(function (this: any) { return this; }, "ctx")[0]);
