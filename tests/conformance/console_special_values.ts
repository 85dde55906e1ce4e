// Getters, symbol keys, negative zero and boxed-looking values inside containers
const withAccessors = {
  get onlyGet() { return 1; },
  set onlySet(v: number) {},
  get both() { return 2; },
  set both(v: number) {},
  plain: 3,
};
console.log(withAccessors);
const sym = Symbol("tag");
console.log({ [sym]: 1 });
console.log({ [Symbol()]: "anon symbol key" });
console.log([-0, 0, +0.0]);
console.log({ neg: -0, list: [-0] });
console.log([NaN, -Infinity]);
console.log({ "quoted-key": { "another key": [1] } });
console.log([["a", 1], ["b", 2]]);
const withNumKeys = { 2: "b", 1: "a", x: "x" };
console.log(withNumKeys);
console.log({ "": "empty key" });
console.log(Object.create(null));
const nullProto = Object.create(null);
nullProto.a = 1;
console.log(nullProto);
