// CommonJS beside ES modules: a project .cjs file (top-level this/arguments/return, a
// hashbang), a tsc-style package (__esModule, __exportStar, exports.default), a UMD bundle
// using the `Function("return this")` idiom, and ESM namespaces of CommonJS modules.
import util from "./lib/util.cjs";
import * as utilNs from "./lib/util.cjs";
import ts, { greet, VERSION, area } from "tslib-style";
import umd from "umd";

console.log(JSON.stringify(util), util === utilNs.default);
console.log(greet("ann"), VERSION, area({ w: 4, h: 5 }), JSON.stringify(ts.default), ts.__esModule);
console.log(umd.name, umd.hasRoot, umd.up("x"), "umdLib" in globalThis);
console.log(Object.keys(utilNs).sort().join(","));
