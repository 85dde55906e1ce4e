// JSON.stringify skips the toJSON lookup of plain objects and arrays whose
// prototypes are the intrinsic ones and lack it; any toJSON that appears
// (own, on Array.prototype, on Object.prototype, on another prototype)
// must still be called.

const doc = { a: 1, list: [1, { b: 2 }, [3]], nested: { c: "x" } };
console.log(JSON.stringify(doc));

(doc.nested as any).toJSON = function (this: any, k: string) {
  return "own:" + k + ":" + this.c;
};
console.log(JSON.stringify(doc));
delete (doc.nested as any).toJSON;

(Array.prototype as any).toJSON = function (this: any[], k: string) {
  return "arr:" + k + ":" + this.length;
};
console.log(JSON.stringify(doc));
delete (Array.prototype as any).toJSON;

(Object.prototype as any).toJSON = function (this: any, k: string) {
  return "obj:" + k;
};
console.log(JSON.stringify(doc), JSON.stringify([doc.list]));
delete (Object.prototype as any).toJSON;

const proto = {
  toJSON(): string {
    return "proto";
  },
};
const child = Object.create(proto);
child.z = 1;
const arr: any = [1, 2];
Object.setPrototypeOf(arr, { toJSON: () => "reparented array" });
console.log(JSON.stringify({ child, arr, plain: { y: 2 } }));
Object.defineProperty(Object.prototype, "toJSON", {
  get() {
    return () => "getter";
  },
  configurable: true,
});
console.log(JSON.stringify({ q: { r: 1 } }));
delete (Object.prototype as any).toJSON;
console.log(JSON.stringify(doc));
