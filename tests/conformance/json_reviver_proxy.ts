// JSON.parse's reviver and JSON.stringify's replacer array through
// proxies, and refusals that are not errors (InternalizeJSONProperty).
const log: string[] = [];
const revived = JSON.parse('{"a":[1,2],"b":{"c":3}}', function (this: any, k: string, v: any) {
  if (k === "a") return new Proxy(v, { defineProperty(t: any, key: any, d: any) { log.push("def " + String(key)); return Reflect.defineProperty(t, key, d); } });
  return typeof v === "number" ? v * 10 : v;
});
console.log(JSON.stringify(revived), log.join(","));
// A reviver that makes a property non-configurable: the later define and
// delete are refused quietly.
const r2 = JSON.parse('{"a":1,"b":2}', function (this: any, k: string, v: any) {
  if (k === "a") {
    Object.defineProperty(this, "b", { value: "fixed", configurable: false, enumerable: true });
    return v;
  }
  if (k === "b") return undefined;
  return v;
});
console.log(JSON.stringify(r2));
const r3 = JSON.parse('{"x":1}', function (this: any, k: string, v: any) {
  if (k === "") return v;
  Object.defineProperty(this, "y", { value: 5, writable: false, configurable: false, enumerable: true });
  return v + 1;
});
console.log(JSON.stringify(r3));
const replacer = new Proxy(["b", "c"], {});
console.log(JSON.stringify({ a: 1, b: 2, c: 3 }, replacer as any));
const keysProxy = new Proxy({ p: 1, q: 2 }, { ownKeys: () => ["q"], getOwnPropertyDescriptor: (t: any, k: any) => Reflect.getOwnPropertyDescriptor(t, k) });
console.log(JSON.stringify(JSON.parse('{"k":0}', (k: string, v: any) => (k === "k" ? keysProxy : v))));
