// Type guards and narrowing compile to plain runtime checks
type Fish = { swim: () => string };
type Bird = { fly: () => string };
function isFish(p: Fish | Bird): p is Fish {
  return (p as Fish).swim !== undefined;
}
const pets: (Fish | Bird)[] = [{ swim: () => "splash" }, { fly: () => "flap" }];
for (const p of pets) console.log(isFish(p) ? p.swim() : p.fly());
function pad(v: string | number, width: number) {
  if (typeof v === "number") return v.toFixed(1).padStart(width);
  return v.padStart(width, "*");
}
console.log(pad(3.14159, 6), pad("ab", 5));
function len(x: string | string[] | null | undefined): number {
  if (x == null) return -1;
  if (Array.isArray(x)) return x.length * 100;
  return x.length;
}
console.log(len(null), len(undefined), len("abc"), len(["a", "b"]));
class Dog { bark() { return "woof"; } }
class Cat { meow() { return "meow"; } }
function speak(a: Dog | Cat) {
  return a instanceof Dog ? a.bark() : a.meow();
}
console.log(speak(new Dog()), speak(new Cat()));
type Result = { ok: true; value: number } | { ok: false; error: string };
function show(r: Result) {
  if (r.ok) return "value " + r.value;
  return "error " + r.error;
}
console.log(show({ ok: true, value: 1 }), show({ ok: false, error: "bad" }));
function hasName(x: object): x is { name: string } {
  return "name" in x;
}
console.log(hasName({ name: "n" }), hasName({}));
