// Re-exports: renamed, export *, export * as ns, default re-export
import { renamedA, fa, b, fb, cNamespace, bDefault, local } from "./index";
import * as all from "./index";
console.log(renamedA, fa(), b, fb());
console.log(cNamespace.c1, cNamespace.c2, Object.keys(cNamespace));
console.log(bDefault, local);
console.log(Object.keys(all));
console.log("default" in all, "a" in all, "shared" in all);
