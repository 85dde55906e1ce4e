// Custom iterable: [Symbol.iterator]() returning a hand-written iterator
class Range {
  constructor(private start: number, private end: number, private step = 1) {}
  [Symbol.iterator]() {
    let current = this.start;
    const end = this.end;
    const step = this.step;
    return {
      next() {
        if (current < end) {
          const value = current;
          current += step;
          return { value, done: false };
        }
        return { value: undefined, done: true };
      },
    };
  }
}
const r = new Range(0, 5);
const vals: number[] = [];
for (const x of r) vals.push(x as number);
console.log(vals);
console.log([...new Range(1, 10, 3)]);
console.log(Array.from(new Range(0, 3)));
const [first, second, ...others] = new Range(10, 15) as any;
console.log(first, second, others);
const fib = {
  [Symbol.iterator]() {
    let a = 0, b = 1, n = 0;
    return {
      next: () => {
        if (n++ >= 10) return { done: true, value: undefined };
        const v = a;
        [a, b] = [b, a + b];
        return { done: false, value: v };
      },
    };
  },
};
console.log([...fib].join(" "));
console.log(new Set(new Range(0, 4) as any).size);
console.log(new Map([[1, "a"]]).size);
const empty = { [Symbol.iterator]: () => ({ next: () => ({ done: true, value: 0 }) }) };
console.log([...empty], Array.from(empty as any).length);
const manual = new Range(0, 2)[Symbol.iterator]();
console.log(manual.next(), manual.next(), manual.next());
