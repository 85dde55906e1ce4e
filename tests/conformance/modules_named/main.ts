// Named exports and imports, renaming, destructured exports
import { add, PI_ROUNDED, square, third, revealed, increment, counter } from "./math";
import { add as plus, first, second, alpha, renamedBeta } from "./math";
console.log(add(2, 3), plus(4, 5), add === plus);
console.log(PI_ROUNDED, square(4), third(3));
console.log(revealed);
console.log(first, second, alpha, renamedBeta);
console.log("counter before", counter);
increment();
increment();
console.log("counter after", counter);
console.log(typeof add, add.name, square.name, third.name);
