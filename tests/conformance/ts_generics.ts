// Generic functions, classes and constraints
function identity<T>(x: T): T {
  return x;
}
function firstOf<T>(xs: T[]): T | undefined {
  return xs[0];
}
function mapPair<A, B>(pair: [A, A], f: (a: A) => B): [B, B] {
  return [f(pair[0]), f(pair[1])];
}
function longest<T extends { length: number }>(a: T, b: T): T {
  return a.length >= b.length ? a : b;
}
function getProp<T, K extends keyof T>(obj: T, key: K): T[K] {
  return obj[key];
}
console.log(identity(5), identity<string>("s"), firstOf([3, 2]), firstOf<number>([]));
console.log(mapPair([1, 2], (n) => n * 10), mapPair(["a", "b"], (s) => s.length));
console.log(longest("abc", "de"), longest([1, 2], [3, 4, 5]));
console.log(getProp({ a: 1, b: "two" }, "b"));
class Stack<T> {
  private items: T[] = [];
  push(item: T): this {
    this.items.push(item);
    return this;
  }
  pop(): T | undefined {
    return this.items.pop();
  }
  peek(): T | undefined {
    return this.items[this.items.length - 1];
  }
  get size(): number {
    return this.items.length;
  }
}
const st = new Stack<number>().push(1).push(2).push(3);
console.log(st.pop(), st.peek(), st.size);
class KeyValue<K, V = string> {
  constructor(public key: K, public value: V) {}
  toString() { return `${String(this.key)}=${String(this.value)}`; }
}
console.log(String(new KeyValue(1, "one")), String(new KeyValue<string, number>("n", 2)));
const pairs = new Map<string, Array<number>>();
pairs.set("a", [1]);
console.log(pairs);
const result = identity<Array<{ x: number }>>([{ x: 1 }]);
console.log(result);
const generic = <T,>(v: T) => ({ wrapped: v });
console.log(generic(1), generic<string>("s"));
function createArray<T>(n: number, fill: T): T[] {
  return Array.from({ length: n }, () => fill);
}
console.log(createArray(3, "x"), createArray<number>(2, 0));
