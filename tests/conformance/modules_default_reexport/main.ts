// Re-exporting a default export under different names
import DefaultLogger, { Logger, level, make } from "./facade";
const a = new DefaultLogger().log("one").log("two");
console.log(a.lines, DefaultLogger === Logger, level);
const b = make();
console.log(b instanceof Logger, b.log("x").lines);
console.log(DefaultLogger.name, typeof make);
console.log(a);
console.log(Object.keys(b));
