// import type / export type are erased entirely (the module does not need to exist)
import type { Something } from "./does-not-exist";
import type * as NS from "./also-missing";
import { type OnlyType } from "./type-only-module";
export type { Something as Renamed };
export type LocalAlias = Something | NS.Other | OnlyType;
export interface Exported {
  value: number;
}
const v: Exported = { value: 1 };
let maybeSomething: Something | undefined;
console.log(v.value);
console.log(maybeSomething);
console.log("imports erased");
console.log(typeof v);
console.log(JSON.stringify(v));
