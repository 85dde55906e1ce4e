// Packages from node_modules as Node resolves them: exports maps with nested conditions,
// subpath patterns and null targets, package imports (#dep), CommonJS (module.exports
// replaced, exports filled, a cycle, require.cache, require.resolve, JSON, a module that
// throws, missing optional modules), a symlinked package, and ESM importing CJS.
import { which, viaImports } from "cond";
import { alpha } from "cond/features/alpha";
import pkgJson from "cond/package.json" with { type: "json" };
import * as cyc from "cyc";
import make from "replaced";
const { Counter, version } = make;
import jsonPkg from "json-pkg";
import { linked } from "linkme";

console.log(which, viaImports, alpha, pkgJson.name);
console.log(cyc.loaded, cyc.name, cyc.fromB, Object.keys(cyc).join(","));
const c = make(5);
console.log(c.inc(), c instanceof Counter, version, make.sameCache, make.resolved, make.dirOk);
console.log(JSON.stringify(jsonPkg.data), jsonPkg.same);
console.log(jsonPkg.optional);
console.log(jsonPkg.builtin);
console.log(linked);
console.log(jsonPkg.retry);
