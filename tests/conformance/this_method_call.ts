// this in method calls
const obj = {
  name: "obj",
  getName() { return this.name; },
  nested: {
    name: "nested",
    getName() { return this.name; },
  },
  chain() { return this; },
};
console.log(obj.getName());
console.log(obj.nested.getName());
console.log(obj["getName"]());
console.log(obj.chain() === obj);
const other = { name: "other", getName: obj.getName };
console.log(other.getName());
function standalone(this: any) { return this && this.name; }
const holder: any = { name: "holder", fn: standalone };
console.log(holder.fn());
holder.fn2 = obj.nested.getName;
console.log(holder.fn2());
const arr: any[] = [function (this: any) { return this.length; }, 2, 3];
console.log(arr[0]());
console.log((obj.getName)());
class Person {
  constructor(public name: string) {}
  hello() { return "hi " + this.name; }
}
const p = new Person("ann");
console.log(p.hello());
const proxyLike = { name: "borrowed", hello: p.hello };
console.log(proxyLike.hello());
