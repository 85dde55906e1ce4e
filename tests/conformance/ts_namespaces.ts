// Simple namespaces with exported values, functions and nested namespaces
namespace Geometry {
  export const unit = "cm";
  export function square(n: number) {
    return n * n;
  }
  const hidden = "not exported";
  export function reveal() {
    return hidden;
  }
  export class Vec {
    constructor(public x: number, public y: number) {}
    len() { return Math.hypot(this.x, this.y); }
  }
  export namespace Inner {
    export const depth = 2;
    export function describe() { return "inner uses " + unit; }
  }
}
console.log(Geometry.unit, Geometry.square(4), Geometry.reveal());
console.log(new Geometry.Vec(3, 4).len());
console.log(Geometry.Inner.depth, Geometry.Inner.describe());
console.log((Geometry as any).hidden);
console.log(Object.keys(Geometry));
namespace Counter {
  export let count = 0;
  export function inc() { return ++count; }
}
Counter.inc();
Counter.inc();
console.log(Counter.count);
namespace Merged {
  export const a = 1;
}
namespace Merged {
  export const b = 2;
}
console.log(Merged.a, Merged.b);
namespace Types {
  export interface OnlyType { x: number }
  export type Alias = string;
}
const t: Types.OnlyType = { x: 1 };
console.log(t);
namespace A.B.C {
  export const deep = "dotted namespace";
}
console.log(A.B.C.deep);
