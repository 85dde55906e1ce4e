// Property order: integer-like keys ascending, then strings in insertion order
const o: any = {};
o.z = 1;
o["5"] = 2;
o.a = 3;
o["1"] = 4;
o["-2"] = 5;
o["3.0"] = 6;
o["007"] = 7;
o[2] = 8;
console.log(Object.keys(o).join(" "));
console.log(JSON.stringify(o));
const copy = { ...o };
console.log(Object.keys(copy).join(" "));
delete o.z;
o.z = "re-added";
console.log(Object.keys(o).join(" "));
const entries = Object.entries({ b: 1, 2: 2, a: 3, 1: 4 });
console.log(entries);
const fromEntries = Object.fromEntries([["y", 1], ["3", 2], ["x", 3]]);
console.log(fromEntries);
const assigned = Object.assign({ m: 1 }, { 9: "nine", k: "k" });
console.log(assigned);
class C {
  second = 2;
  first = 1;
  constructor() { (this as any).third = 3; }
}
console.log(Object.keys(new C()));
const m = { "10": "a", "9": "b", "1e1": "c", "0x1": "d" };
console.log(Object.keys(m));
