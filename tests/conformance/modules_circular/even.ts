import { isOdd } from "./odd";
console.log("even: body");
export function isEven(n: number): boolean {
  return n === 0 ? true : isOdd(n - 1);
}
export function describeFromEven() {
  return "even sees isOdd as " + typeof isOdd;
}
