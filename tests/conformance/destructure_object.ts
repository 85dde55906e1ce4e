// Object destructuring: renaming, defaults, rest, computed keys
const person = { name: "ann", age: 30, city: "oslo", country: "no" };
const { name, age } = person;
console.log(name, age);
const { name: n, city: c = "default" } = person;
console.log(n, c);
const { missing = "fallback", age: years = 0 } = person as any;
console.log(missing, years);
const { name: nm, ...others } = person;
console.log(nm, others);
const key = "city";
const { [key]: dynamicCity } = person;
console.log(dynamicCity);
const { length } = "hello";
console.log(length);
const { 0: zeroth, 2: second } = ["a", "b", "c"];
console.log(zeroth, second);
const { toFixed } = 5 as any;
console.log(typeof toFixed);
const { a = 1, b = a + 1 } = {} as any;
console.log(a, b);
const { nullish = "d" } = { nullish: null } as any;
console.log(nullish);
const { x, ...restEmpty } = { x: 1 };
console.log(x, restEmpty);
try {
  const { prop } = null as any;
  console.log(prop);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
try {
  const { prop } = undefined as any;
  console.log(prop);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
const proto = { inherited: "from proto" };
const obj = Object.create(proto);
obj.own = "own";
const { inherited, own, ...restOwn } = obj;
console.log(inherited, own, restOwn);
