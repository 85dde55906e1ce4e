// import * as ns: property access, sorted keys, live bindings, default
import * as utils from "./utils";
console.log(utils.alpha(), utils.zeta, new utils.Beta().value);
console.log(Object.keys(utils));
console.log(utils.default);
console.log(typeof utils, "alpha" in utils, "missing" in utils);
console.log(utils.mutable);
utils.bump();
utils.bump();
console.log(utils.mutable);
console.log(utils.zeta.toUpperCase());
const { alpha, zeta } = utils;
console.log(alpha(), zeta);
