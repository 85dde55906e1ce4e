// Class element keys are evaluated once each, in source order, across
// static and instance methods, accessors and fields (15.7.14 step 26).
const log: string[] = [];
function k(n: string): string {
  log.push(n);
  return n;
}
class A {
  static [k("s1")] = 1;
  [k("i1")] = 2;
  [k("m1")]() {
    return "m1";
  }
  static [k("sm")]() {
    return "sm";
  }
  get [k("g1")]() {
    return "g1";
  }
  set [k("g1s")](v: number) {}
  static [k("s2")] = 4;
  [k("i2")] = 5;
  static {
    log.push("static block");
  }
  static [k("s3")] = log.length;
}
console.log(log.join(","));
const a: any = new A();
const b: any = new A();
console.log(log.join(","));
console.log(a.i1, a.i2, b.i1, (A as any).s1, (A as any).s2, (A as any).s3, a.m1(), (A as any).sm(), a.g1);
// Keys are converted to property keys once, in the same order.
let n = 0;
const obj = {
  toString() {
    n++;
    return "key" + n;
  },
};
class B {
  [obj as any] = "first";
  static [obj as any] = "second";
  [obj as any]() {
    return "third";
  }
}
console.log(Object.keys(new B()), Object.keys(B), Object.getOwnPropertyNames(B.prototype));
// A throwing key stops the evaluation there.
try {
  class C {
    [k("c1")] = 1;
    [(() => {
      throw new Error("boom");
    })()] = 2;
    [k("c2")]() {}
  }
  console.log(C);
} catch (e: any) {
  console.log("threw", e.message, log.slice(-2).join(","));
}
