// TypeScript's legacy decorators (experimentalDecorators in tsconfig.json): class, method,
// accessor, property and parameter decorators, decorator factories, their order; and
// `using`/`await using` declarations disposing in reverse order, on exceptions too.
const log: string[] = [];
function sealed(ctor: Function) { log.push("class " + ctor.name); Object.seal(ctor); }
function tag(label: string) {
  log.push("factory " + label);
  return (target: any, key?: string) => { log.push(`apply ${label} ${key ?? ""}`); };
}
function logged(target: any, key: string, desc: PropertyDescriptor) {
  const orig = desc.value;
  desc.value = function (this: any, ...args: any[]) { log.push(`call ${key}(${args.join(",")})`); return orig.apply(this, args); };
  return desc;
}
function readonly(target: any, key: string, desc: PropertyDescriptor) { desc.writable = false; }
function upper(target: any, key: string, desc: PropertyDescriptor) {
  const get = desc.get!;
  desc.get = function (this: any) { return String(get.call(this)).toUpperCase(); };
}
function param(target: any, key: string, index: number) { log.push(`param ${key}#${index}`); }
function withGreeting<T extends new (...a: any[]) => any>(Base: T) {
  return class extends Base { greeting2 = "added"; };
}
@sealed
@withGreeting
class Greeter {
  @tag("prop") greeting: string;
  constructor(message: string) { this.greeting = message; }
  @logged @tag("method") greet(@param name: string, @param n: number) { return "Hello, " + name + " " + this.greeting + n; }
  @upper get shout() { return this.greeting; }
  @readonly fixed() { return 1; }
  @tag("static") static make() { return new Greeter("made"); }
}
const g = new Greeter("world") as Greeter & { greeting2: string };
console.log(g.greet("ann", 2), g.shout, g.greeting2, Greeter.make().greeting);
try { (g as any).fixed = 2; } catch (e) { console.log((e as Error).constructor.name); }
console.log(log.join("\n"));
console.log(Object.isSealed(Greeter), Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Greeter.prototype), "fixed")!.writable);

class Res {
  constructor(public name: string) {}
  [Symbol.dispose]() { console.log("dispose", this.name); }
}
function useThem(fail: boolean) {
  using a = new Res("a");
  using nothing = null;
  using b = new Res("b");
  console.log("body", a.name, b.name, nothing);
  if (fail) throw new Error("boom");
  return "returned";
}
console.log(useThem(false));
try { useThem(true); } catch (e) { console.log("caught", (e as Error).message); }
for (const n of ["x", "y"]) {
  using r = new Res("loop " + n);
}
async function asyncUse() {
  await using x = { async [Symbol.asyncDispose]() { await null; console.log("async dispose x"); } };
  await using y = new Res("sync in await using");
  console.log("async body");
}
asyncUse().then(() => console.log("done"));
