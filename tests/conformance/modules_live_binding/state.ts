export let count = 0;
export let label = "initial";
export const items: string[] = [];
export function increment(by = 1) {
  count += by;
  return count;
}
export function rename(next: string) {
  label = next;
}
export function reset() {
  count = 0;
  items.length = 0;
}
