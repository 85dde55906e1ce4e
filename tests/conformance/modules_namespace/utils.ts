export const zeta = "last letter";
export function alpha() {
  return "alpha()";
}
export class Beta {
  value = "beta instance";
}
export let mutable = 1;
export function bump() {
  mutable++;
}
export default "the default";
