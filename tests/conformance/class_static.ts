// Static fields, static methods and static blocks
class Config {
  static version = "1.0";
  static count = 0;
  static defaults = { debug: false };
  static derived = Config.version + "-beta";
  static log: string[] = [];
  static {
    Config.log.push("static block 1");
    Config.count = 10;
  }
  static increment() {
    return ++this.count;
  }
  static {
    this.log.push("static block 2, count=" + this.count);
  }
}
console.log(Config.version, Config.derived, Config.count);
console.log(Config.increment(), Config.increment(), Config.count);
console.log(Config.log);
console.log(Config.defaults.debug);
console.log((new Config() as any).version);
class Registry {
  static #items: string[] = [];
  static register(name: string) {
    Registry.#items.push(name);
    return Registry.#items.length;
  }
  static get size() { return Registry.#items.length; }
  static set first(v: string) { Registry.#items.unshift(v); }
}
Registry.register("a");
Registry.register("b");
Registry.first = "z";
console.log(Registry.size, Registry.register("c"));
let order: string[] = [];
class Init {
  static a = (order.push("field a"), 1);
  static { order.push("block"); }
  static b = (order.push("field b"), 2);
}
console.log(order, Init.a + Init.b);
class Counter {
  static instances = 0;
  constructor() { Counter.instances++; }
}
new Counter(); new Counter(); new Counter();
console.log(Counter.instances);
console.log(Object.keys(Config).join(","));
