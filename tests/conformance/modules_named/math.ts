export const PI_ROUNDED = 3.14;
export let counter = 0;
export function add(a: number, b: number): number {
  return a + b;
}
export function increment(): number {
  counter += 1;
  return counter;
}
const internalSecret = "not exported";
function square(n: number) {
  return n * n;
}
function cube(n: number) {
  return n * n * n;
}
export { square, cube as third, internalSecret as revealed };
export const [first, second] = [10, 20];
export const { alpha, beta: renamedBeta } = { alpha: "A", beta: "B" };
