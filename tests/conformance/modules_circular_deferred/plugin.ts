import { register, registered } from "./registry";
console.log("plugin: body");
export class Plugin {
  constructor(public name: string) {
    register(name);
  }
  static count() {
    return registered.length;
  }
}
