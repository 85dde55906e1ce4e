// Counter closures with mutable captured state
function makeCounter(start = 0, step = 1) {
  let count = start;
  return {
    next: () => (count += step),
    reset: () => { count = start; },
    peek: () => count,
  };
}
const c1 = makeCounter();
const c2 = makeCounter(100, 10);
console.log(c1.next(), c1.next(), c1.next());
console.log(c2.next(), c2.next());
console.log(c1.peek(), c2.peek());
c1.reset();
console.log(c1.peek(), c1.next());
function counterFn() {
  let n = 0;
  return () => n++;
}
const f = counterFn();
const g = counterFn();
console.log(f(), f(), f(), g(), f(), g());
let outside = 0;
const incOutside = () => { outside++; };
incOutside(); incOutside();
console.log(outside);
function makeAccumulators() {
  const list: (() => number)[] = [];
  let shared = 0;
  for (let i = 1; i <= 3; i++) {
    list.push(() => (shared += i));
  }
  return list;
}
const accs = makeAccumulators();
console.log(accs[0](), accs[1](), accs[2](), accs[0]());
