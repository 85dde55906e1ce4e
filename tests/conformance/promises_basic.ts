// Promises, microtasks, nextTick and timers, in Node's order. Timers use
// equal delays or are chained, so the order does not depend on speed.
console.log("start");
setTimeout(() => console.log("timeout A"), 0);
setTimeout(() => console.log("timeout B"), 0);
Promise.resolve(1).then((v) => console.log("then", v));
queueMicrotask(() => console.log("microtask"));
process.nextTick(() => console.log("tick"));
new Promise<number>((res) => res(2))
  .then((v) => {
    console.log("p2", v);
    return v * 2;
  })
  .then((v) => console.log("p2b", v));
Promise.reject(new Error("boom"))
  .catch((e) => console.log("caught", e.message))
  .finally(() => console.log("finally"));
Promise.all([1, Promise.resolve(2), new Promise((r) => setTimeout(() => r(3), 0))]).then((v) => console.log("all", v));
Promise.allSettled([Promise.reject(1), 2]).then((v) => console.log("settled", JSON.stringify(v)));
Promise.race([new Promise(() => {}), Promise.resolve("fast")]).then((v) => console.log("race", v));
Promise.any([Promise.reject(new Error("a")), Promise.reject(new Error("b"))]).catch((e) =>
  console.log("any", e.constructor.name, e.errors.length, e.message),
);
Promise.any([Promise.reject(1), Promise.resolve("second")]).then((v) => console.log("any ok", v));
const thenable = {
  then(r: (v: string) => void) {
    r("thenable");
  },
};
Promise.resolve(thenable).then((v) => console.log(v));
console.log("end", typeof setTimeout(() => {}, 1));

// Values, states and errors.
const p1 = Promise.resolve(42);
const p2 = new Promise(() => {});
const p3 = Promise.reject(7);
p3.catch(() => {});
console.log(p1, p2, p3, [p1], { p: p2 }, p1 instanceof Promise, Object.prototype.toString.call(p1));
try {
  (Promise as any)(() => {});
} catch (e) {
  console.log((e as Error).message);
}
try {
  new Promise(5 as any);
} catch (e) {
  console.log((e as Error).message);
}
try {
  setTimeout(5 as any);
} catch (e) {
  console.log((e as Error).message);
}
const self: Promise<any> = new Promise((r) => setTimeout(() => r(self), 0));
self.catch((e) => console.log("cycle:", e.message));
new Promise((_, rej) => {
  rej(1);
  rej(2);
}).catch((v) => console.log("first wins", v));
new Promise(() => {
  throw new Error("thrown");
}).catch((e) => console.log("executor threw", e.message));
const t = setTimeout(() => console.log("never"), 0);
clearTimeout(t);
setTimeout((a: string) => console.log("timeout arg", a), 0, "A");
let chain = Promise.resolve(0);
for (let i = 0; i < 1000; i++) chain = chain.then((v) => v + 1);
chain.then((v) => console.log("chain", v));
Promise.resolve()
  .then(() => {
    throw new Error("in then");
  })
  .then(
    () => console.log("skipped"),
    (e) => console.log("recovered", e.message),
  );
// A timer callback's own microtasks run before the next timer.
setTimeout(() => {
  console.log("t1");
  Promise.resolve().then(() => console.log("t1 micro"));
  process.nextTick(() => console.log("t1 tick"));
}, 0);
setTimeout(() => console.log("t2"), 0);
class MyP extends Promise<number> {}
console.log(new MyP((r) => r(1)));

// Last: inside a timer callback, immediates run before a new zero timer;
// then an interval runs alone.
setTimeout(() => {
  setTimeout(() => {
    console.log("timer after immediates");
    let n = 0;
    const iv = setInterval(() => {
      console.log("interval", ++n);
      if (n === 3) clearInterval(iv);
    }, 1);
  }, 0);
  const im = setImmediate(() => console.log("never2"));
  clearImmediate(im);
  setImmediate((a: number, b: number) => console.log("immediate", a + b), 1, 2);
  setImmediate(() => console.log("immediate 2"));
}, 0);
