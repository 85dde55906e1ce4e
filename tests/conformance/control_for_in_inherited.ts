// for-in visits own and inherited enumerable keys; Object.keys only own
const base: any = { inherited1: 1, shared: "base" };
const child = Object.create(base);
child.own1 = "a";
child.shared = "child";
child.own2 = "b";
const seen: string[] = [];
for (const k in child) seen.push(k);
console.log(seen);
console.log(Object.keys(child));
const grand = Object.create(child);
grand.g = 1;
const grandKeys: string[] = [];
for (const k in grand) grandKeys.push(k);
console.log(grandKeys);
const own: string[] = [];
for (const k in grand) if (Object.prototype.hasOwnProperty.call(grand, k)) own.push(k);
console.log(own);
class A {
  field = 1;
  method() {}
}
const inst: any = new A();
inst.extra = 2;
const instKeys: string[] = [];
for (const k in inst) instKeys.push(k);
console.log(instKeys);
const hidden = {};
Object.defineProperty(hidden, "invisible", { value: 1, enumerable: false });
(hidden as any).visible = 2;
const hk: string[] = [];
for (const k in hidden) hk.push(k);
console.log(hk, (hidden as any).invisible);
const arr: any = [1, 2];
arr.extra = "x";
const ak: string[] = [];
for (const k in arr) ak.push(k);
console.log(ak);
