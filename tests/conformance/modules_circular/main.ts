// Circular imports: hoisted function declarations are usable across the cycle
import { isEven, describeFromEven } from "./even";
import { isOdd } from "./odd";
console.log("main: body");
console.log(isEven(10), isOdd(10), isEven(7), isOdd(7));
console.log(describeFromEven());
console.log([0, 1, 2, 3, 4].map((n) => (isEven(n) ? "e" : "o")).join(""));
