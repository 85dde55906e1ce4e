// Function declarations inside blocks: usable (and hoisted) within their block.
// (Calls from outside the block are deliberately not tested: esbuild applies sloppy-mode
// Annex B hoisting to files without import/export, which differs from strict ESM.)
{
  function insideBlock() {
    return "inside";
  }
  console.log(insideBlock());
}
console.log(typeof (globalThis as any).insideBlock);
if (true) {
  function inIf() { return "in if"; }
  console.log(inIf());
}
function outer() {
  const results: string[] = [];
  for (let i = 0; i < 2; i++) {
    function perIteration() { return "iteration " + i; }
    results.push(perIteration());
  }
  return results;
}
console.log(outer());
{
  console.log(typeof hoistedInBlock, hoistedInBlock());
  function hoistedInBlock() { return "hoisted within its block"; }
}
switch (1) {
  case 1: {
    function inCase() { return "in case block"; }
    console.log(inCase());
  }
}
function shadowing() {
  const f = () => "outer f";
  {
    function f2() { return "inner block function"; }
    return [f(), f2()];
  }
}
console.log(shadowing());
