// Objects compare by identity; primitives by value
const a = { x: 1 };
const b = { x: 1 };
const c = a;
console.log(a === b, a == b, a === c, a == c);
console.log([1] === [1], [] == [], [1, 2] == "1,2" as any);
const f1 = () => 1;
const f2 = () => 1;
console.log(f1 === f2, f1 === f1);
console.log("abc" === "ab" + "c", 1 === 1.0, 0.1 + 0.2 === 0.3);
console.log(Object.is(a, c), Object.is(a, b), Object.is(NaN, 0 / 0), Object.is(0, -0));
const arr = [a, b];
console.log(arr.indexOf(b), arr.includes({ x: 1 }), arr.indexOf(c));
const m = new Map([[a, "a"]]);
console.log(m.get(c), m.get(b));
function mutate(o: { x: number }) { o.x++; }
mutate(c);
console.log(a.x, b.x);
function reassign(o: { x: number }) { o = { x: 100 }; return o.x; }
console.log(reassign(a), a.x);
const s1 = Symbol("s");
console.log(s1 === s1, Symbol("s") === Symbol("s"));
console.log(null === null, undefined === undefined, NaN === NaN);
const copy = { ...a };
console.log(copy === a, copy.x === a.x, JSON.stringify(copy) === JSON.stringify(a));
