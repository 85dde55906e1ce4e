// declare statements, overload signatures and this parameters are erased
declare const BUILD_FLAG: boolean;
declare function externalFn(x: number): number;
declare let externalVar: string;
declare class ExternalClass { method(): void; }
declare module "some-module" {
  export const value: number;
}
declare global {
  interface Window { custom: string }
}
console.log(typeof (globalThis as any).BUILD_FLAG);
function format(x: number): string;
function format(x: string): string;
function format(x: boolean, upper: boolean): string;
function format(x: number | string | boolean, upper?: boolean): string {
  if (typeof x === "number") return "num:" + x.toFixed(1);
  if (typeof x === "string") return "str:" + x;
  return upper ? "BOOL:" + x : "bool:" + x;
}
console.log(format(1), format("s"), format(true, true), format(false, false));
class Converter {
  convert(x: number): string;
  convert(x: string): number;
  convert(x: number | string): string | number {
    return typeof x === "number" ? String(x) : Number(x);
  }
  declare declaredField: string;
}
const c = new Converter();
console.log(c.convert(5), typeof c.convert(5), c.convert("7"), typeof c.convert("7"));
console.log("declaredField" in c, Object.keys(c));
function withThis(this: { n: number }, add: number) {
  return this.n + add;
}
console.log(withThis.call({ n: 1 }, 2), withThis.length);
export {};
console.log(format.length);
