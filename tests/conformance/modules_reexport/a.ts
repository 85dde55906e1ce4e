export const a = "a-value";
export const shared = "from a";
export function fa() {
  return "fa";
}
