// Optional calls preserve this; optional chains with delete and in templates
const counter = {
  n: 0,
  inc() { this.n++; return this.n; },
};
console.log(counter.inc?.(), counter?.inc(), counter?.["inc"]?.(), counter.n);
const maybe: any = [counter, null][0];
console.log(maybe?.inc(), maybe.n);
const absent: any = undefined;
console.log(`value: ${absent?.deep?.value}`);
const holder: any = { inner: { x: 1 } };
console.log(delete holder?.inner?.x, holder.inner);
console.log(delete absent?.x);
class Node2 {
  constructor(public value: number, public next?: Node2) {}
  last(): number { return this.next?.last() ?? this.value; }
}
const list = new Node2(1, new Node2(2, new Node2(3)));
console.log(list.last(), list.next?.next?.value, list.next?.next?.next?.value);
const callbacks: Record<string, ((x: number) => number) | undefined> = { double: (x) => x * 2 };
console.log(callbacks.double?.(21), callbacks.triple?.(21));
const arrOfFns: any[] = [() => "first", null];
console.log(arrOfFns[0]?.(), arrOfFns[1]?.(), arrOfFns[2]?.());
const notFn: any = { method: 5 };
try {
  notFn.method?.();
} catch (e: any) {
  console.log(e instanceof TypeError, e.message);
}
