import { count, label } from "./state";
export function snapshot() {
  return `${label}:${count}`;
}
