import Anonymous, { Repository, Service, registry } from "./lib.ts";
import Controller from "./named.ts";

const s = new Service();
console.log(s.square(4), s.square(4), s.square(5), s.calls);
new Repository();
new Repository();
console.log(Repository.count, Repository.name);
console.log(new Anonymous().hello());
console.log(new Controller().route, Controller.name);
console.log(registry.join(", "));
