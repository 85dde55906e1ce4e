// Object.freeze, Object.isFrozen, Object.create, Object.getPrototypeOf
const frozen: any = Object.freeze({ a: 1, nested: { b: 2 } });
try {
  frozen.a = 2;
} catch (e: any) {
  console.log("assign", e instanceof TypeError, e.name);
}
try {
  frozen.newProp = 1;
} catch (e: any) {
  console.log("add", e instanceof TypeError, e.name);
}
frozen.nested.b = 3;
console.log(frozen.a, frozen.nested.b, frozen.newProp);
console.log(Object.isFrozen(frozen), Object.isFrozen(frozen.nested), Object.isFrozen({}));
const frozenArr: any = Object.freeze([1, 2]);
try {
  frozenArr.push(3);
} catch (e: any) {
  console.log("push", e instanceof TypeError, e.name);
}
console.log(frozenArr);
console.log(Object.freeze(5), Object.isFrozen(5));
const animal = {
  speak() { return this.name + " makes a sound"; },
  name: "animal",
};
const dog = Object.create(animal);
dog.name = "dog";
console.log(dog.speak(), animal.speak());
console.log(Object.getPrototypeOf(dog) === animal, Object.getPrototypeOf(animal) === Object.prototype);
const bare = Object.create(null);
bare.x = 1;
console.log(Object.getPrototypeOf(bare), Object.keys(bare), "toString" in bare);
class A {}
class B extends A {}
console.log(Object.getPrototypeOf(new B()) === B.prototype, Object.getPrototypeOf(B) === A);
console.log(Object.getPrototypeOf(B.prototype) === A.prototype);
console.log(Object.getPrototypeOf([]) === Array.prototype, Object.getPrototypeOf(Object.prototype));
const chain = Object.create(Object.create({ level: "grandparent" }));
console.log(chain.level, Object.keys(chain).length);
