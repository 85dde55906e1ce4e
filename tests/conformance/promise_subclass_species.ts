class MyP<T> extends Promise<T> {
  tag = "mine";
}
const p = new MyP<number>((r) => r(1));
const q = p.then((x) => x + 1);
console.log(q instanceof MyP, p instanceof MyP, (q as any).tag);
q.then((v) => console.log("v", v));
const r = MyP.resolve(5);
console.log(r instanceof MyP);
const all = MyP.all([1, 2]);
console.log(all instanceof MyP);
class NoSpecies<T> extends Promise<T> {
  static get [Symbol.species]() { return Promise; }
}
const n = new NoSpecies<number>((r) => r(2)).then((x) => x);
console.log(n instanceof NoSpecies, n instanceof Promise);
const f = p.finally(() => {});
console.log(f instanceof MyP);
let calls = 0;
class Counting<T> extends Promise<T> {
  constructor(ex: any) { calls++; super(ex); }
}
Counting.resolve(1).then(() => 0);
console.log("calls", calls);
console.log(Promise.resolve.call(MyP, 3) instanceof MyP);
(async () => { const x = await new MyP<number>((r) => r(9)); console.log("await", x); })();
