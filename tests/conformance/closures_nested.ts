// Deeply nested closures capturing from several scopes
function level1(a: number) {
  return function level2(b: number) {
    return function level3(c: number) {
      return (d: number) => a * 1000 + b * 100 + c * 10 + d;
    };
  };
}
console.log(level1(1)(2)(3)(4));
function outer() {
  let x = 1;
  function middle() {
    let y = 10;
    function inner() {
      x++;
      y++;
      return x + y;
    }
    return inner;
  }
  const i1 = middle();
  const i2 = middle();
  return [i1(), i1(), i2(), x];
}
console.log(outer());
const makeAdder = (x: number) => (y: number) => (z: number) => x + y + z;
const add5 = makeAdder(5);
const add5and6 = add5(6);
console.log(add5and6(7), add5(0)(0), makeAdder(1)(1)(1));
function scopeChain() {
  const name = "outer";
  const results: string[] = [];
  {
    const name = "block";
    results.push((() => name)());
  }
  results.push((() => name)());
  return results;
}
console.log(scopeChain());
function capturesParamAndLocal(p: string) {
  let local = p.toUpperCase();
  return {
    get: () => p + "/" + local,
    setP: (v: string) => { p = v; },
    setLocal: (v: string) => { local = v; },
  };
}
const cp = capturesParamAndLocal("hi");
console.log(cp.get());
cp.setP("yo");
cp.setLocal("LOCAL");
console.log(cp.get());
