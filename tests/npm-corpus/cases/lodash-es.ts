import { debounce, cloneDeep, isPlainObject, flatMap, zipObject, partition, memoize } from "lodash-es";
const o = { a: [1, { b: 2 }], d: new Date(0) };
const c = cloneDeep(o);
console.log(c !== o, c.a !== o.a, JSON.stringify(c), isPlainObject(c), isPlainObject(new Date()));
console.log(JSON.stringify(flatMap([1, 2], (n) => [n, n])), JSON.stringify(zipObject(["a", "b"], [1, 2])), JSON.stringify(partition([1, 2, 3, 4], (n) => n % 2)));
const sq = memoize((n: number) => { console.log("compute", n); return n * n; });
console.log(sq(4), sq(4));
debounce(() => console.log("debounced es"), 1)();
