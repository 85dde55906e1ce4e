// IIFEs, function names and lengths
const r1 = (function () { return 1; })();
const r2 = (() => 2)();
const r3 = (function named(n: number): number { return n > 0 ? named(n - 1) + 1 : 0; })(3);
console.log(r1, r2, r3);
function decl(a: number, b: number) { return a + b; }
const expr = function (x: number) { return x; };
const arrow = (a: number, b: number, c: number) => a;
const obj = {
  method() {},
  prop: function () {},
  arrowProp: () => {},
  ["computed" + 1]: function () {},
};
console.log(decl.name, expr.name, arrow.name);
console.log(obj.method.name, obj.prop.name, obj.arrowProp.name, (obj as any).computed1.name);
console.log(decl.length, expr.length, arrow.length, obj.method.length);
function withDefaults(a: number, b = 1, c?: number) { return a; }
function withRest(a: number, ...r: number[]) { return a; }
console.log(withDefaults.length, withRest.length);
const bound = decl.bind(null, 1);
console.log(bound.name, bound.length, bound(10));
class K { m() {} static s() {} }
console.log(K.name, new K().m.name, K.s.name);
const anon = [function () {}][0];
console.log(JSON.stringify(anon.name));
let counter = 0;
const result = (function (n: number) {
  counter += n;
  return counter * 2;
})(5);
console.log(result, counter);
