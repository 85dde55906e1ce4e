export const b = "b-value";
export function fb() {
  return "fb";
}
export default "b-default";
