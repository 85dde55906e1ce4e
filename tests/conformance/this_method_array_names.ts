// `this.push(x)` and `this.pop()` in classes that define their own `push` and `pop` (run in
// place without first testing for an Array), and `xs.push(x)` whose value is used or not.

class Stack {
  items: number[] = [];
  pushes = 0;

  push(v: number): number {
    this.pushes++;
    return this.items.push(v);
  }

  pop(): number | undefined {
    return this.items.pop();
  }

  run(vs: number[]): string {
    const lengths: number[] = [];
    for (const v of vs) lengths.push(this.push(v));
    for (const v of vs) this.push(v * 10);
    const popped: (number | undefined)[] = [];
    for (let i = 0; i < 3; i++) popped.push(this.pop());
    return `${lengths} | ${popped} | ${this.items} | ${this.pushes}`;
  }
}
console.log(new Stack().run([1, 2, 3]));

// A subclass replacing `push`: the call sees the subclass's method.
class LoggingStack extends Stack {
  log: string[] = [];
  push(v: number): number {
    this.log.push(`push ${v}`);
    return super.push(v);
  }
}
const ls = new LoggingStack();
console.log(ls.run([4, 5]), ls.log.join(";"));

// The method replaced on the prototype, then an own property shadowing it.
const st = new Stack();
const original = Stack.prototype.push;
Stack.prototype.push = function (this: Stack, v: number): number {
  return original.call(this, v + 100);
};
console.log(st.run([1]));
Stack.prototype.push = original;
const own = new Stack();
(own as any).push = (v: number) => -v;
console.log(own.run([7, 8]));

// The methods run with an Array as `this`.
const arr = [9, 9];
console.log(Stack.prototype.run.call(Object.assign([1, 2], { items: arr, pushes: 0 }) as any, [3]));

// A class extending Array with its own push calling the built-in.
class Bag extends Array<number> {
  push(...vs: number[]): number {
    return super.push(...vs.map((v) => v * 2));
  }
  fill3(): number {
    this.push(1);
    this.push(2, 3);
    return this.push(4);
  }
}
const bag = new Bag();
console.log(bag.fill3(), Array.from(bag).join(","));

// Statement pushes and pushes whose value is used, on full and sparse arrays.
const xs: number[] = [];
for (let i = 0; i < 20; i++) xs.push(i);
let total = 0;
for (let i = 0; i < 5; i++) total += xs.push(i);
const sparse: number[] = [];
sparse[5] = 1;
sparse.push(2);
const n = sparse.push(3);
const frozen = Object.freeze([1]);
let err = "";
try {
  (frozen as number[]).push(2);
} catch (e) {
  err = (e as Error).constructor.name;
}
console.log(xs.length, total, sparse.length, n, err);
