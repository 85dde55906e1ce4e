export let x = 7;
export function bump() {
  x += 1;
}
