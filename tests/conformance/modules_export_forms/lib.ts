var legacyVar = "var export";
let mutableLet = 1;
const frozen = Object.freeze({ k: "v" });
function declared() {
  return "declared function";
}
class Declared {
  static kind = "declared class";
}
const arrow = () => "arrow";
export { legacyVar, mutableLet, frozen, declared, Declared, arrow as arrowFn };
export function setLet(v: number) {
  mutableLet = v;
}
export const computed = [1, 2, 3].map((x) => x * x);
export type OnlyAType = { x: number };
export interface OnlyAnInterface { y: string }
const defaultValue = { name: "default object" };
export default defaultValue;
