// A singly linked list class with iteration, reversal and removal
class ListNode<T> {
  constructor(public value: T, public next: ListNode<T> | null = null) {}
}
class LinkedList<T> {
  head: ListNode<T> | null = null;
  length = 0;
  static from<U>(items: U[]) {
    const l = new LinkedList<U>();
    for (const i of items) l.append(i);
    return l;
  }
  append(v: T) {
    const node = new ListNode(v);
    if (!this.head) this.head = node;
    else {
      let cur = this.head;
      while (cur.next) cur = cur.next;
      cur.next = node;
    }
    this.length++;
    return this;
  }
  prepend(v: T) {
    this.head = new ListNode(v, this.head);
    this.length++;
    return this;
  }
  remove(v: T) {
    if (!this.head) return false;
    if (this.head.value === v) { this.head = this.head.next; this.length--; return true; }
    let cur = this.head;
    while (cur.next && cur.next.value !== v) cur = cur.next;
    if (!cur.next) return false;
    cur.next = cur.next.next;
    this.length--;
    return true;
  }
  reverse() {
    let prev: ListNode<T> | null = null, cur = this.head;
    while (cur) [cur.next, prev, cur] = [prev, cur, cur.next];
    this.head = prev;
    return this;
  }
  toArray() {
    const out: T[] = [];
    for (let c = this.head; c; c = c.next) out.push(c.value);
    return out;
  }
  toString() { return this.toArray().join(" -> ") || "(empty)"; }
}
const l = LinkedList.from([1, 2, 3]).append(4).prepend(0);
console.log(String(l), l.length);
console.log(l.remove(2), l.remove(99), l.remove(0), String(l), l.length);
console.log(String(l.reverse()));
console.log(String(new LinkedList()), String(new LinkedList<string>().reverse()));
console.log(LinkedList.from(["a"]).reverse().toArray());
console.log(l.head);
