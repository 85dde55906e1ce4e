// Symbols as property keys on objects and classes
const secret = Symbol("secret");
const tag = Symbol("tag");
class Tagged {
  [tag] = "class tag";
  static [tag] = "static tag";
  [secret]() { return "symbol method"; }
  get [Symbol.toPrimitive]() { return () => 99; }
}
const t: any = new Tagged();
console.log(t[tag], (Tagged as any)[tag], t[secret]());
console.log(+t, `${t}`);
console.log(Object.keys(t), JSON.stringify(t));
const o: any = {};
o[secret] = 1;
o.visible = 2;
o[tag] = 3;
console.log(o[secret] + o[tag], Object.keys(o), Object.entries(o));
const copy = { ...o };
console.log(copy[secret], copy[tag]);
const assigned = Object.assign({}, o);
console.log(assigned[tag]);
console.log(secret in o, delete o[secret], secret in o);
const registry = new Map<symbol, string>([[secret, "S"], [tag, "T"]]);
console.log(registry.get(secret), registry.get(Symbol("secret")), registry.size);
const sym1 = Symbol("same");
const sym2 = Symbol("same");
const both: any = { [sym1]: "one", [sym2]: "two" };
console.log(both[sym1], both[sym2]);
