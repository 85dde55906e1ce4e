import { isEven } from "./even";
console.log("odd: body, isEven is", typeof isEven);
export function isOdd(n: number): boolean {
  return n === 0 ? false : isEven(n - 1);
}
console.log("odd: calling isEven(4) during evaluation:", isEven(4));
