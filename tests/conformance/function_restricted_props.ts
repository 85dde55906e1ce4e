// %ThrowTypeError%: Function.prototype.caller/arguments and the callee of
// strict (unmapped) arguments objects (ECMAScript 10.2.4, 10.4.4.6).
function f(this: any, ..._r: any[]) {
  return arguments;
}
const args = f(1, 2);
for (const [what, get] of [
  ["f.caller", () => (f as any).caller],
  ["f.arguments", () => (f as any).arguments],
  ["arguments.callee", () => (args as any).callee],
] as const) {
  try {
    get();
    console.log(what, "no throw");
  } catch (e: any) {
    console.log(what, e.constructor.name, e.message);
  }
}
const c = Object.getOwnPropertyDescriptor(Function.prototype, "caller")!;
const a = Object.getOwnPropertyDescriptor(Function.prototype, "arguments")!;
const cal = Object.getOwnPropertyDescriptor(args, "callee")!;
console.log(typeof c.get, c.get === c.set, c.get === a.get, c.get === cal.get, c.enumerable, c.configurable);
console.log(cal.enumerable, cal.configurable, Object.isExtensible(c.get), c.get!.length, JSON.stringify(c.get!.name));
console.log(JSON.stringify(Object.getOwnPropertyDescriptor(c.get, "length")), JSON.stringify(Object.getOwnPropertyDescriptor(c.get, "name")));
console.log(Object.prototype.hasOwnProperty.call(f, "caller"), Object.keys(args));
