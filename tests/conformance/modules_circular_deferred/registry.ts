import { Plugin } from "./plugin";
console.log("registry: body");
export const registered: string[] = [];
export function register(name: string) {
  registered.push(name);
  return registered.length;
}
export function createDefault() {
  return new Plugin("default");
}
