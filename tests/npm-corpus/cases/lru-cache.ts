import { LRUCache } from "lru-cache";
const cache = new LRUCache<string, number>({ max: 3 });
cache.set("a", 1); cache.set("b", 2); cache.set("c", 3);
cache.get("a");
cache.set("d", 4);
console.log([...cache.keys()].join(","), cache.has("b"), cache.size, cache.get("a"));
const sized = new LRUCache<string, string>({ maxSize: 10, sizeCalculation: (v) => v.length });
sized.set("x", "12345"); sized.set("y", "123456");
console.log(sized.has("x"), sized.has("y"), sized.calculatedSize);
