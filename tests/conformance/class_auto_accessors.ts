// Auto-accessor fields (`accessor x`): a getter and setter over private storage, static,
// private and literal keys, overriding in a subclass.
class A {
  accessor x = 1;
  static accessor y = "s";
  accessor #p = 3;
  accessor "q r": number = 4;
  accessor 7 = "seven";
  accessor u: string | undefined;
  get p() { return this.#p; }
  bump() { this.#p += 10; return this.#p; }
}
const a = new A();
a.x = 5;
console.log(a.x, A.y, a.p, a.bump(), a["q r"], a[7], a.u, Object.getOwnPropertyNames(A.prototype));
console.log(Object.keys(a), JSON.stringify(a), Object.getOwnPropertyNames(a));
const d = Object.getOwnPropertyDescriptor(A.prototype, "x")!;
console.log(typeof d.get, typeof d.set, d.enumerable, d.configurable, d.get!.name, d.set!.name, d.set!.length);
A.y = "t";
console.log(A.y, Object.getOwnPropertyNames(A).sort());
class B extends A {
  accessor x = 100;
  static accessor count = 0;
  constructor() { super(); B.count++; }
}
const b = new B();
new B();
console.log(b.x, (b as A).p, B.count, A.y);
try { d.get!.call({}); } catch (e) { console.log((e as Error).constructor.name); }
