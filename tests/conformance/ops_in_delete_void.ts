// in, delete and void operators
const obj: any = { a: 1, b: undefined, 0: "zero" };
console.log("a" in obj, "b" in obj, "c" in obj, 0 in obj, "0" in obj);
console.log("toString" in obj, "hasOwnProperty" in obj);
const arr = [10, 20, 30];
console.log(0 in arr, 2 in arr, 3 in arr, "length" in arr, "push" in arr);
class K { field = 1; method() {} }
const k = new K();
console.log("field" in k, "method" in k, "nope" in k);
const sym = Symbol("s");
const withSym = { [sym]: 1 };
console.log(sym in withSym, Symbol("s") in withSym);
try {
  console.log("a" in (5 as any));
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(delete obj.a, "a" in obj, obj.a);
console.log(delete obj.nonexistent, delete obj[0], Object.keys(obj));
const arr2: any[] = [1, 2, 3];
console.log(delete arr2[1], arr2.length, 1 in arr2, arr2[1]);
const frozen = Object.freeze({ f: 1 });
try {
  delete (frozen as any).f;
  console.log("no throw");
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(frozen.f);
let sideEffect = 0;
console.log(void 0, void "str", void (sideEffect = 5), sideEffect);
console.log(typeof void 0, void 0 === undefined);
const fnResult = void (function () { return 1; })();
console.log(fnResult);
