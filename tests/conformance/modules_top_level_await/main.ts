// Top-level await in imported modules: a module that awaits holds back the
// modules that import it (here main and consumer), while modules that do
// not depend on it (sync) run meanwhile; exports are live once it is done.
import { config, loadedAt } from "./config";
import { describe } from "./consumer";
import { syncValue } from "./sync";
import { later } from "./nested";

console.log("main body", config.name, loadedAt, syncValue, later);
console.log(describe());
const extra = await Promise.resolve("main awaits too");
console.log(extra);
