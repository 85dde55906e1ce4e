// A cycle where each module only uses the other's bindings later, at call time
import { createDefault, registered } from "./registry";
import { Plugin } from "./plugin";
console.log("main: body");
const d = createDefault();
const p = new Plugin("extra");
console.log(d.name, p.name, Plugin.count(), registered);
console.log(d instanceof Plugin);
