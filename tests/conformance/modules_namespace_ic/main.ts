// A module namespace object next to an ordinary object with the same keys
// and attributes (a non-writable @@toStringTag, an enumerable-only `x`): a
// property read site that sees both must read each correctly (namespace
// slots hold live bindings, not values).
import * as ns from "./mod";
import { bump } from "./mod";
function Plain(this: any) {}
const plain: any = new (Plain as any)();
Object.defineProperty(plain, Symbol.toStringTag, { value: "Module" });
Object.defineProperty(plain, "x", { value: 42, enumerable: true });
function read(o: any) {
  return o.x;
}
console.log(read(plain), read(plain), read(ns), read(ns), read(plain));
bump();
console.log(read(ns), read(plain), ns.x);
