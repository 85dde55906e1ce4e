// Three-level inheritance chain with overrides and constructor order
const order: string[] = [];
class Vehicle {
  wheels: number;
  constructor(wheels: number) {
    order.push("Vehicle");
    this.wheels = wheels;
  }
  describe() { return `${this.wheels} wheels`; }
  kind() { return "vehicle"; }
}
class Car extends Vehicle {
  doors: number;
  constructor(doors: number) {
    super(4);
    order.push("Car");
    this.doors = doors;
  }
  describe() { return `${super.describe()}, ${this.doors} doors`; }
  kind() { return "car"; }
}
class SportsCar extends Car {
  top: number;
  constructor(top: number) {
    super(2);
    order.push("SportsCar");
    this.top = top;
  }
  describe() { return `${super.describe()}, top ${this.top}`; }
}
const s = new SportsCar(300);
console.log(order);
console.log(s.describe());
console.log(s.kind());
console.log(s instanceof SportsCar, s instanceof Car, s instanceof Vehicle, s instanceof Object);
console.log(s);
let p = Object.getPrototypeOf(s);
const names: string[] = [];
while (p) {
  names.push(p.constructor.name);
  p = Object.getPrototypeOf(p);
}
console.log(names);
console.log(Object.keys(s));
class A { static who() { return "A"; } static hello() { return "hello from " + this.who(); } }
class B extends A { static who() { return "B"; } }
class C extends B {}
console.log(A.hello(), B.hello(), C.hello());
const vehicles: Vehicle[] = [new Vehicle(3), new Car(5), new SportsCar(250)];
console.log(vehicles.map((v) => v.kind() + ":" + v.describe()));
