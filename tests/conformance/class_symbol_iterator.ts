// Classes implementing Symbol.iterator with hand-written iterators
class LinkedList<T> {
  private head: { value: T; next: any } | null = null;
  private tail: { value: T; next: any } | null = null;
  size = 0;
  push(value: T) {
    const node = { value, next: null };
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
    this.size++;
    return this;
  }
  [Symbol.iterator](): Iterator<T> {
    let cur = this.head;
    return {
      next(): IteratorResult<T> {
        if (!cur) return { value: undefined, done: true };
        const value = cur.value;
        cur = cur.next;
        return { value, done: false };
      },
    };
  }
}
const list = new LinkedList<string>().push("a").push("b").push("c");
for (const x of list) console.log(x);
console.log([...list], list.size);
console.log(Array.from(list, (s) => s.toUpperCase()));
const [first, ...rest] = list;
console.log(first, rest);
class Countdown {
  constructor(private from: number) {}
  [Symbol.iterator]() {
    let n = this.from;
    return { next: () => (n >= 0 ? { value: n--, done: false } : { value: undefined, done: true }) };
  }
}
console.log([...new Countdown(5)].join(" "));
console.log(new Set(new Countdown(2)));
const empty = new LinkedList<number>();
console.log([...empty], Array.from(empty).length);
let total = 0;
for (const n of new Countdown(100)) total += n as number;
console.log(total);
