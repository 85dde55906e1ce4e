// Imports whose bindings are only used as types are removed, so those modules never run
import { User, UserClass } from "./types";
import { greeting } from "./values";
const u: User = { name: "ann" };
let c: UserClass | undefined;
console.log(greeting, u.name);
console.log(c);
console.log("main done");
console.log(typeof greeting, greeting.length);
