// @expose-gc
// Every way a program stores a value into an object that is already old:
// gc() promotes everything, then each holder receives a young object, then
// enough garbage is allocated for several minor collections, which must find
// the young objects through the write barrier's cards. Each value is read
// back and checked.

function churn(): number {
  // About 40 MB of short-lived objects: several minor collections.
  let x: any = null;
  let n = 0;
  for (let i = 0; i < 800000; i++) {
    x = { i, prev: i % 100 === 0 ? null : x };
    n += x.i & 1;
  }
  return n;
}

function young(tag: string, i: number): any {
  return { tag, i, list: [i, i + 1], text: "v" + i };
}

function check(label: string, v: any, tag: string, i: number) {
  const ok = v !== undefined && v !== null && v.tag === tag && v.i === i && v.list[1] === i + 1 && v.text === "v" + i;
  console.log(label, ok ? "ok" : "BROKEN " + JSON.stringify(v));
}

class Holder {
  field: any = null;
  other: any = null;
}

const lit: any = { a: null, b: null };
const inst = new Holder();
const arr: any[] = [null, null, null];
const big: any[] = new Array(20000).fill(0);
const grown: any[] = [];
const map = new Map<any, any>();
const set = new Set<any>();
const nested: any = { inner: { deep: null } };
let captured: any = null;
const readCaptured = () => captured;
const counter = (() => {
  let box: any = null;
  return { set(v: any) { box = v; }, get() { return box; } };
})();
const dict: any = {};
const frozenTarget: any = {};

gc();

lit.a = young("lit", 1);
lit["b"] = young("lit-computed", 2);
inst.field = young("class", 3);
arr[1] = young("array", 4);
big[12345] = young("large-array", 5);
for (let i = 0; i < 3000; i++) grown.push(young("push", i));
map.set("k", young("map-value", 6));
map.set(young("map-key", 7), "value");
set.add(young("set", 8));
nested.inner.deep = young("nested", 9);
captured = young("captured", 10);
counter.set(young("boxed", 11));
for (let i = 0; i < 200; i++) dict["key" + i] = young("dict", i);
Object.assign(inst, { other: young("assign", 12) });
Object.defineProperty(frozenTarget, "p", { value: young("define", 13), enumerable: true });
const spliced = arr.splice(2, 1, young("splice", 14));
arr.unshift(young("unshift", 15));
const parsed = JSON.parse(JSON.stringify({ rows: Array.from({ length: 5000 }, (_, i) => ({ i, tag: "json", list: [i, i + 1], text: "v" + i })) }));

console.log("churn", churn());
console.log("churn", churn());

check("object literal", lit.a, "lit", 1);
check("computed key", lit.b, "lit-computed", 2);
check("class field", inst.field, "class", 3);
check("array element", arr[2], "array", 4);
check("large array element", big[12345], "large-array", 5);
let pushOk = grown.length === 3000;
for (let i = 0; i < grown.length; i++) if (grown[i].i !== i || grown[i].list[1] !== i + 1) pushOk = false;
console.log("array push growth", pushOk ? "ok" : "BROKEN");
check("map value", map.get("k"), "map-value", 6);
let keyOk = false;
for (const [k, v] of map) if (k !== "k" && k.tag === "map-key" && k.list[1] === 8 && v === "value") keyOk = true;
console.log("map key", keyOk ? "ok" : "BROKEN");
let setOk = false;
for (const v of set) if (v.tag === "set" && v.list[1] === 9) setOk = true;
console.log("set member", setOk ? "ok" : "BROKEN");
check("nested object", nested.inner.deep, "nested", 9);
check("captured variable", readCaptured(), "captured", 10);
check("box cell", counter.get(), "boxed", 11);
let dictOk = true;
for (let i = 0; i < 200; i++) if (dict["key" + i].i !== i || dict["key" + i].text !== "v" + i) dictOk = false;
console.log("dictionary object", dictOk ? "ok" : "BROKEN");
check("Object.assign", inst.other, "assign", 12);
check("Object.defineProperty", frozenTarget.p, "define", 13);
check("splice", arr[3], "splice", 14);
check("unshift", arr[0], "unshift", 15);
console.log("spliced out", spliced[0]);
let jsonOk = parsed.rows.length === 5000;
for (let i = 0; i < parsed.rows.length; i++) {
  const r = parsed.rows[i];
  if (r.i !== i || r.list[1] !== i + 1 || r.text !== "v" + i) jsonOk = false;
}
console.log("JSON.parse", jsonOk ? "ok" : "BROKEN");

// Old holders written again after another full collection, then minors.
gc();
for (let round = 0; round < 3; round++) {
  for (let i = 0; i < 1000; i++) grown[i] = young("rewrite", round * 1000 + i);
  churn();
}
let rewriteOk = true;
for (let i = 0; i < 1000; i++) if (grown[i].i !== 2000 + i || grown[i].list[1] !== 2001 + i) rewriteOk = false;
console.log("rewrites across collections", rewriteOk ? "ok" : "BROKEN");
