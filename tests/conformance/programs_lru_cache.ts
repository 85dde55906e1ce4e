// LRU cache built on Map insertion order
class LRU<K, V> {
  private map = new Map<K, V>();
  hits = 0;
  misses = 0;
  constructor(private capacity: number) {}
  get(key: K): V | undefined {
    if (!this.map.has(key)) {
      this.misses++;
      return undefined;
    }
    const v = this.map.get(key)!;
    this.map.delete(key);
    this.map.set(key, v);
    this.hits++;
    return v;
  }
  set(key: K, value: V) {
    if (this.map.has(key)) this.map.delete(key);
    else if (this.map.size >= this.capacity) {
      const oldest = this.map.keys().next().value as K;
      this.map.delete(oldest);
    }
    this.map.set(key, value);
    return this;
  }
  keys() { return [...this.map.keys()]; }
}
const c = new LRU<string, number>(3);
c.set("a", 1).set("b", 2).set("c", 3);
console.log(c.keys());
console.log(c.get("a"), c.keys());
c.set("d", 4);
console.log(c.keys(), c.get("b"));
c.set("c", 30);
console.log(c.keys(), c.get("c"));
c.set("e", 5).set("f", 6);
console.log(c.keys(), c.hits, c.misses);
const fibCache = new LRU<number, number>(100);
function fib(n: number): number {
  if (n < 2) return n;
  const cached = fibCache.get(n);
  if (cached !== undefined) return cached;
  const v = fib(n - 1) + fib(n - 2);
  fibCache.set(n, v);
  return v;
}
console.log(fib(70), fibCache.hits > 0);
