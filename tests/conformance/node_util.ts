// node:util: inspect (options and the legacy form), format, inherits, promisify, callbackify,
// deprecate, types, isDeepStrictEqual, the legacy predicates, stripVTControlCharacters.
import util, { inspect, format, promisify, types } from "node:util";
import * as t from "node:util/types";

const nested = { a: { b: { c: { d: { e: 1 } } } }, list: [1, 2, 3], s: "str" };
console.log(inspect(nested));
console.log(inspect(nested, { depth: 0 }), "|", inspect(nested, { depth: null }));
console.log(inspect(nested, false, 1), "|", inspect("quoted"), inspect(new Map([["k", 1]])), inspect([1, [2, [3, [4]]]]));
console.log(inspect(Array.from({ length: 5 }, (_, i) => i), { maxArrayLength: 2 }), inspect("x".repeat(20), { maxStringLength: 4 }));
console.log(inspect({ a: 1, b: "two", c: [3] }, { compact: false }));
console.log(inspect({ long: "a".repeat(30), more: "b".repeat(30), yet: "c".repeat(30) }, { breakLength: Infinity }));
console.log(typeof inspect.custom, inspect.custom === Symbol.for("nodejs.util.inspect.custom"), util.inspect === inspect);
console.log(format("%s is %d years and %i, %f, %j %o %%", "Bob", 42.5, 7.9, 1.5, { x: 1 }, [1]), format("a", "b", 3), format(1, { y: 2 }));

function Animal(this: any, name: string) { this.name = name; }
Animal.prototype.speak = function () { return this.name + " speaks"; };
function Dog(this: any, name: string) { Animal.call(this, name); }
util.inherits(Dog, Animal);
const dog = new (Dog as any)("Rex");
console.log(dog.speak(), (Dog as any).super_ === Animal, dog instanceof Animal);
try { util.inherits(Dog, null as any); } catch (e: any) { console.log(e.name, e.code); }

function legacy(a: number, b: number, cb: (e: Error | null, v?: number) => void) {
  setTimeout(() => (a < 0 ? cb(new Error("negative")) : cb(null, a + b)), 1);
}
const p = promisify(legacy);
const custom = Object.assign(() => {}, { [promisify.custom]: () => Promise.resolve("custom") });
const cbified = util.callbackify(async (x: number) => x * 2);
const dep = util.deprecate((x: number) => x + 1, "old() is deprecated", "DEP_TEST");
(async () => {
  console.log(await p(1, 2), await p(-1, 2).catch((e: Error) => e.message), await promisify(custom)());
  cbified(21, (err: unknown, v: number) => console.log("callbackified", err, v));
  console.log(dep(1), dep(2));
})();

console.log(types.isDate(new Date()), types.isRegExp(/x/), types.isMap(new Map()), types.isSet(new Set()), types.isPromise(Promise.resolve()),
  types.isNativeError(new TypeError()), types.isTypedArray(new Uint8Array(1)), types.isUint8Array(new Uint16Array(1)), types.isArrayBuffer(new ArrayBuffer(1)),
  types.isAsyncFunction(async () => {}), types.isGeneratorFunction(function* () {}), types.isBoxedPrimitive(Object(1)), t.isDate === types.isDate);
console.log(util.isDeepStrictEqual({ a: [1, { b: 2 }], m: new Map([[1, { c: 3 }]]) }, { a: [1, { b: 2 }], m: new Map([[1, { c: 3 }]]) }),
  util.isDeepStrictEqual({ a: 1 }, { a: "1" }), util.isDeepStrictEqual([1, 2], [1, 2, 3]), util.isDeepStrictEqual(new Set([1, 2]), new Set([2, 1])),
  util.isDeepStrictEqual(NaN, NaN), util.isDeepStrictEqual(new Date(1), new Date(2)), util.isDeepStrictEqual([1], { 0: 1, length: 1 }));
console.log(util.isArray([]), util.isString("s"), util.isNullOrUndefined(null), util.isPrimitive({}), util.isFunction(() => {}), util.isObject(null));
console.log(JSON.stringify(util.stripVTControlCharacters("\u001b[31mred\u001b[39m plain")), typeof util.TextEncoder, new util.TextDecoder().decode(new util.TextEncoder().encode("é")));
