// matchAll and the RegExp String Iterator.
const it = "a1b2c3".matchAll(/[a-z](?<d>\d)/g);
console.log(Object.prototype.toString.call(it), typeof it.next, it[Symbol.iterator]() === it);
for (const m of it) console.log(m[0], m.index, m.groups!.d);
console.log(it.next());
console.log([..."aaa".matchAll(/a*?/g)].map((m) => m.index));
console.log([..."test".matchAll("t" as any)].map((m) => m.index));
console.log(Array.from("x😀y".matchAll(/(?:)/gu), (m) => m.index));
const re = /o/g;
re.lastIndex = 2;
const positions = [..."foo boo".matchAll(re)].map((m) => m.index);
console.log(positions, re.lastIndex);
const proto = Object.getPrototypeOf("".matchAll(/x/g));
console.log(proto[Symbol.toStringTag], Object.getOwnPropertyNames(proto));
console.log(Object.getPrototypeOf(proto) === Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]())));
const words = "The rain in Spain stays mainly".matchAll(/(\w*)ain/g);
console.log(Array.from(words, (m) => m[1]).join("|"));
