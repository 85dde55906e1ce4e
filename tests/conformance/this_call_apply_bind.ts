// call, apply and bind
function describe(this: any, greeting: string, punct: string) {
  return greeting + " " + this.name + punct;
}
const a = { name: "alice" };
const b = { name: "bob" };
console.log(describe.call(a, "hi", "!"));
console.log(describe.apply(b, ["hello", "?"]));
const boundA = describe.bind(a);
console.log(boundA("hey", "."));
const boundPartial = describe.bind(b, "yo");
console.log(boundPartial("!!"));
console.log(boundA.call(b, "still", " alice"));
const rebound = boundA.bind(b);
console.log(rebound("again", "~"));
function getThis(this: any) { return this; }
console.log(getThis.call(null), getThis.call(undefined), getThis.call(5), getThis.call("s"));
console.log(typeof getThis.call(5));
function sum(this: any, ...xs: number[]) { return xs.reduce((p, c) => p + c, this ? this.base : 0); }
console.log(sum.apply({ base: 100 }, [1, 2, 3]));
console.log(sum.call({ base: 1 }));
console.log(sum.apply(null, []));
const max = Math.max.apply(null, [3, 7, 1]);
console.log(max);
const method = { v: 3, get(this: any, m: number) { return this.v * m; } };
const g = method.get;
console.log(g.call({ v: 5 }, 2), g.bind(method)(4));
const arrow = () => 1;
console.log(arrow.call({}), arrow.apply(null, []));
const boundNew = function (this: any, x: number) { this.x = x; }.bind({ ignored: true }, 9);
const inst = new (boundNew as any)();
console.log(inst.x, inst.ignored);
