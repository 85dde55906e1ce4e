// Function.prototype[Symbol.hasInstance], OrdinaryHasInstance with bound
// functions, bind's name and length, method source text, the wrapper
// prototypes, Symbol.prototype[Symbol.toPrimitive], Array.prototype[Symbol.unscopables].

class A {}
const a = new A();
const BA: any = A.bind(null);
console.log(a instanceof A, a instanceof BA, Object.create(A.prototype) instanceof BA, [] instanceof BA);
console.log(BA instanceof Function, typeof (Function.prototype as any)[Symbol.hasInstance]);
const hi = Object.getOwnPropertyDescriptor(Function.prototype, Symbol.hasInstance)!;
console.log(hi.writable, hi.enumerable, hi.configurable, hi.value.name, hi.value.length);
console.log(hi.value.call(A, a), hi.value.call({}, a), hi.value.call(A, 1));
// A custom @@hasInstance still wins.
const Even = { [Symbol.hasInstance](n: number) { return n % 2 === 0; } };
console.log((2 as any) instanceof (Even as any), (3 as any) instanceof (Even as any));

function f(a: any, b: any, c: any) { return [this, a, b, c]; }
const b1 = f.bind(null, 1);
console.log(b1.name, b1.length, f.bind(null, 1, 2, 3, 4).length);
Object.defineProperty(f, "length", { value: Infinity });
console.log(f.bind(null).length, f.bind(null, 1).length);
Object.defineProperty(f, "length", { value: 2 ** 40 });
console.log(f.bind(null, 1).length);
Object.defineProperty(f, "length", { value: "3" });
console.log(f.bind(null).length);
Object.defineProperty(f, "name", { value: 42 });
console.log(JSON.stringify(f.bind(null).name));
try {
  Object.defineProperty(f, "name", { get() { throw new Error("name getter"); } });
  f.bind(null);
} catch (e: any) {
  console.log("caught", e.message);
}

const o = {
  get f() { return 1; },
  async m(a: any, b: any) {},
  *[Symbol.iterator]() {},
};
class C {
  static async *g() {}
  set h(v: any) {}
  plain(x: any) { return x; }
}
// The source text of a method starts at its MethodDefinition (without
// `static`); only the start is compared (the expected output comes from
// Node running esbuild's output, which reformats bodies).
const head = (fn: any) => fn.toString().slice(0, fn.toString().indexOf("("));
console.log(head(Object.getOwnPropertyDescriptor(o, "f")!.get), head(o.m), head(o[Symbol.iterator]));
console.log(head((C as any).g), head(Object.getOwnPropertyDescriptor(C.prototype, "h")!.set), head(C.prototype.plain));
console.log(Object.prototype.toString.call(Number.prototype), Object.prototype.toString.call(String.prototype), Object.prototype.toString.call(Boolean.prototype));
console.log(Number.prototype.toString(), String.prototype.length, JSON.stringify(String.prototype.valueOf()), Boolean.prototype.valueOf());
const tp = Object.getOwnPropertyDescriptor(Symbol.prototype, Symbol.toPrimitive)!;
console.log(tp.writable, tp.enumerable, tp.configurable, tp.value.name, tp.value.call(Symbol.iterator) === Symbol.iterator);
const un = (Array.prototype as any)[Symbol.unscopables];
console.log(Object.getPrototypeOf(un), Object.keys(un).sort().join(","), String(Symbol.unscopables));
