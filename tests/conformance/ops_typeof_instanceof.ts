// typeof and instanceof operators
class Animal {}
class Dog extends Animal {}
class Cat extends Animal {}
const d = new Dog();
console.log(d instanceof Dog, d instanceof Animal, d instanceof Object, d instanceof Cat);
console.log([] instanceof Array, [] instanceof Object, {} instanceof Array);
console.log((() => 1) instanceof Function, (() => 1) instanceof Object);
console.log(new Map() instanceof Map, new Set() instanceof Map);
console.log(new TypeError("x") instanceof Error, new Error("x") instanceof TypeError);
const prim: any = 5;
console.log(prim instanceof Number, "s" as any instanceof String, null as any instanceof Object);
const bare = Object.create(null);
console.log(bare instanceof Object, typeof bare);
function Legacy(this: any) {}
const l = new (Legacy as any)();
console.log(l instanceof (Legacy as any), l instanceof Object);
try {
  console.log(d instanceof (5 as any));
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(typeof d, typeof Dog, typeof d.constructor, d.constructor === Dog);
console.log(typeof 1 === "number", typeof "" === "string", typeof null === "object");
const x: any = undefined;
console.log(typeof x?.y, typeof (x ?? 1));
console.log(typeof typeof 0, typeof !0, typeof -"1", typeof `${1}`);
const classes = [Animal, Dog, Cat];
console.log(classes.map((C) => d instanceof C));
