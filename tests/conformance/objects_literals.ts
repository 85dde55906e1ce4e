// Object literals: shorthand, computed keys, methods, accessors
const x = 1, y = 2;
const key = "dyn";
let counter = 0;
const obj = {
  x,
  y,
  [key]: "dynamic",
  [key + "2"]: "dynamic2",
  [`t${1 + 1}`]: "template key",
  [counter++]: "numeric computed",
  "quoted key": 3,
  42: "number key",
  method() { return this.x + this.y; },
  arrow: () => "arrow",
  get sum() { return this.x + this.y; },
  set sum(v: number) { this.x = v; this.y = 0; },
  nested: { deep: { deeper: true } },
};
console.log(obj.x, obj.y, obj.dyn, (obj as any).dyn2, (obj as any).t2, (obj as any)[0]);
console.log(obj["quoted key"], obj[42], obj.method(), obj.arrow(), obj.sum);
obj.sum = 10;
console.log(obj.x, obj.y, obj.sum);
console.log(Object.keys(obj).join(","));
const dup = { a: 1, b: 2, a2: 0, ...{}, a: 3 } as any;
console.log(dup);
const sym = Symbol("k");
const withSym = { [sym]: "symval", regular: 1 };
console.log(withSym[sym], Object.keys(withSym));
const empty = {};
console.log(empty, Object.keys(empty).length);
const numKeys: any = { 1: "a", 0.5: "b", [-1]: "c", 1e3: "d" };
console.log(Object.keys(numKeys));
const fnProps = { f() {}, g: function () {}, h: () => {} };
console.log(fnProps.f.name, fnProps.g.name, fnProps.h.name);
