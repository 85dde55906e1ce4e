import { config } from "./config";
console.log("consumer body sees", config.name);
export function describe(): string {
  return `${config.name} x${config.retries}`;
}
