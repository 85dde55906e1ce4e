// Symbol(): uniqueness, description, use as keys, Symbol.iterator
const a = Symbol("id");
const b = Symbol("id");
const c = Symbol();
console.log(a === b, a.description, c.description, a.toString(), c.toString());
console.log(typeof a, typeof Symbol.iterator, Symbol.iterator.description);
const obj: any = { [a]: "value a", regular: 1 };
obj[b] = "value b";
console.log(obj[a], obj[b], obj[c]);
console.log(Object.keys(obj), JSON.stringify(obj));
const forIn: string[] = [];
for (const k in obj) forIn.push(k);
console.log(forIn);
console.log(a in obj, c in obj);
try {
  new (Symbol as any)();
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
try {
  console.log(`${a as any}`);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
console.log(String(a), a.toString() === String(a));
const arr = [1, 2, 3];
const iter = arr[Symbol.iterator]();
console.log(iter.next(), iter.next(), iter.next(), iter.next());
const strIter = "hi"[Symbol.iterator]();
console.log(strIter.next().value, strIter.next().value, strIter.next().done);
console.log(typeof [][Symbol.iterator], typeof ({} as any)[Symbol.iterator]);
const m = new Map([["k", 1]]);
console.log(m[Symbol.iterator]().next().value);
