// V8's side-effect-free names of objects in TypeError messages (no proxy trap runs), and
// refusals forwarded through trapless proxies: thrown by Object.*, false from Reflect.*.
"use strict";
function t(o: any) { Object.defineProperty(o, "z", { value: 1 }); try { o.z = 2; } catch (e: any) { console.log(e.message); } }
class A {} class B extends A {}
t(new A()); t(new B()); t(Object.create(null)); t({});
function F() {} t(new (F as any)()); F.prototype = Object.create(null); t(new (F as any)());
t(new Map()); t(new Date(0)); t(/x/); t(new Error("x")); t(Object.create(new A()));
const o = { constructor: function Zed() {} }; t(o); t(new Proxy(new A(), {}));
class T { toString() { return "T!"; } } t(new T());
const tagged = { [Symbol.toStringTag]: "Tagged" }; t(Object.setPrototypeOf(tagged, null));
const e2 = new TypeError("bad"); t(e2);
const t59: any = { a: 1 }; Object.defineProperty(t59, "fixed", { value: 3, writable: false, configurable: false, enumerable: true });
const log: string[] = [];
const px: any = new Proxy(t59, { get(t: any, k: any, r: any) { log.push("get:" + String(k)); return Reflect.get(t, k, r); } });
try { px.fixed = 9; } catch (e: any) { console.log(e.message, log.join(",")); }
const ne = Object.preventExtensions({}); const pn = new Proxy(ne, {});
try { Object.defineProperty(pn, "x", { value: 1 }); } catch (e: any) { console.log(e.message); }
console.log(Reflect.defineProperty(pn, "x", { value: 1 }));
try { Object.setPrototypeOf(pn, {}); } catch (e: any) { console.log(e.message); }
console.log(Reflect.setPrototypeOf(pn, {}), Reflect.setPrototypeOf(new Proxy(new Proxy(ne, {}), {}), {}));
// ownKeys trap results with symbol keys satisfy the invariants (Object.freeze, isFrozen).
const target59: any = { a: 1, b: "two", [Symbol.toStringTag]: "T" };
const px60: any = new Proxy(target59, {
  ownKeys(t: any) { return Reflect.ownKeys(t); },
});
try { Object.freeze(px60); console.log("ok", Object.isFrozen(px60)); } catch (e: any) { console.log(e.message); }
const t2: any = { a: 1 };
try { Object.freeze(new Proxy(t2, {})); console.log("ok2"); } catch (e: any) { console.log(e.message); }
const t3: any = { [Symbol.iterator]: 1 };
