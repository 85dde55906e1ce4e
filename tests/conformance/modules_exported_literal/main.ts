import { config, nested, fromLocal } from "./lib";
import { Box } from "./klass";
class Own { #v; #w = 10; constructor(v: number) { this.#v = v; } get total() { return this.#v * this.#w; } }
console.log(config.port, config.host, nested.inner.deep, nested.list.length, fromLocal, JSON.stringify(config));
console.log(new Box(1).total, new Own(3).total);
