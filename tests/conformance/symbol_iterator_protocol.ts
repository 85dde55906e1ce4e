// The iterator protocol by hand: next(), done, value, and iterables of iterables
const arr = ["a", "b"];
const it = arr[Symbol.iterator]();
let step = it.next();
while (!step.done) {
  console.log("value", step.value);
  step = it.next();
}
console.log(step);
class Tree {
  children: Tree[] = [];
  constructor(public label: string) {}
  add(...kids: Tree[]) { this.children.push(...kids); return this; }
  [Symbol.iterator]() {
    const stack: Tree[] = [this];
    return {
      next(): IteratorResult<string> {
        const node = stack.pop();
        if (!node) return { value: undefined, done: true };
        for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
        return { value: node.label, done: false };
      },
      [Symbol.iterator]() { return this; },
    };
  }
}
const tree = new Tree("root").add(new Tree("a").add(new Tree("a1"), new Tree("a2")), new Tree("b"));
console.log([...tree].join(" "));
const iter = tree[Symbol.iterator]();
iter.next();
console.log([...iter].join(" "));
const infinite = {
  [Symbol.iterator]() {
    let n = 0;
    return { next: () => ({ value: n++, done: false }) };
  },
};
const firstFive: number[] = [];
for (const n of infinite) {
  if (n >= 5) break;
  firstFive.push(n);
}
console.log(firstFive);
const notIterable: any = { next() { return { done: true }; } };
try {
  for (const x of notIterable) console.log(x);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(typeof tree[Symbol.iterator], Symbol.iterator in tree, Symbol.iterator in {});
