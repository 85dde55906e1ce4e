// Export lists, renamed exports, var/let/const/function/class exports and export default of a binding
import def, { legacyVar, mutableLet, frozen, declared, Declared, arrowFn, setLet, computed, type OnlyAType } from "./lib";
console.log(legacyVar, mutableLet, frozen.k);
console.log(declared(), Declared.kind, arrowFn());
setLet(42);
console.log(mutableLet);
console.log(computed, def);
const t: OnlyAType = { x: 1 };
console.log(t.x, Object.isFrozen(frozen), typeof Declared);
