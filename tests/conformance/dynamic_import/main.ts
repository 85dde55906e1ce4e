// import(): string literals and templates resolved at compile time, computed specifiers found
// at run time among the program's modules, and Node's errors for the rest.
async function main() {
  console.log("before");
  const cjs = await import("lazy-cjs");
  console.log(cjs.value, cjs.twice(4), cjs.default.value, Object.keys(cjs).join(","));
  const again = await import(`lazy-cjs`);
  console.log(again === cjs || again.default === cjs.default);
  const f = await import("./lib/feature.ts");
  console.log(f.feature, f.default(1), Object.keys(f).join(","));
  const name = "lazy" + "-cjs";
  console.log((await import(name)).value);
  for (const spec of ["not-a-package", "./lib/missing.js", "node:no-such-builtin", "@scope/none/sub"]) {
    try {
      await import(spec);
      console.log("loaded?", spec);
    } catch (e: any) {
      console.log(e.code, e.message.replace(/ imported from .*/, "").replace(/'\/.*\/lib\//, "'.../lib/"));
    }
  }
  const p = import("./lib/feature.ts");
  console.log(p instanceof Promise);
  // A module only import() reaches runs when first imported, after the importer's
  // synchronous code, its static dependencies first; once.
  console.log("before side");
  const side = import("./lib/side.ts");
  console.log("after import(), before await");
  console.log((await side).side, (await import("./lib/side.ts")).side);
  // A module that throws: every import() rejects with the same error.
  const errors: unknown[] = [];
  for (let i = 0; i < 2; i++) {
    try { await import("./lib/broken.ts"); } catch (e) { errors.push(e); }
  }
  console.log((errors[0] as Error).message, errors[0] === errors[1]);
  // Top-level await: the promise settles once the module finishes.
  const t = await import("./lib/tla.ts");
  console.log(t.ready);
}
main();
