// Sparse arrays: indices far past the length and lengths up to 2^32 - 1, as
// Node keeps them (dictionary elements): `a[2 ** 31] = 1` has length
// 2147483649; every operation here visits the present elements, never the
// holes between them.

const a: any[] = [];
a[2 ** 31] = 1;
console.log(a.length, a[2 ** 31], a[5], 5 in a, 2 ** 31 in a, Array.isArray(a));
console.log(a, Object.prototype.toString.call(a));
console.log(Object.keys(a), JSON.stringify(Object.getOwnPropertyNames(a)));
for (const k in a) console.log("for-in", k, typeof k);
a[3] = "three";
a.push("p");
console.log(a.length, a[2 ** 31 + 1], a);
delete a[3];
console.log(Object.keys(a), Object.entries(a), Object.values(a));
a.length = 10;
console.log(a.length, Object.keys(a), a);
a[2] = "back";
console.log(a, a.join("-"), String(a));

// Lengths at the limit.
const b: any[] = [1, 2, 3];
b.length = 2 ** 32 - 1;
console.log(b.length, b, b.indexOf(3), b[2]);
for (const bad of [2 ** 32, -1, 1.5]) {
  try {
    b.length = bad;
  } catch (e: any) {
    console.log(bad, e.constructor.name, e.message);
  }
}
try {
  b.push(4);
} catch (e: any) {
  console.log("push", e.constructor.name, e.message, b.length);
}
console.log(b[4294967295], Object.keys(b));
const c = new Array(2 ** 32 - 1);
console.log(c.length, c[0], 0 in c, c);
try {
  new Array(2 ** 32);
} catch (e: any) {
  console.log(e.constructor.name, e.message);
}
const h: any = [];
h[4294967294] = "last";
h[4294967295] = "a property";
h["-1"] = "another";
console.log(h.length, h[4294967294], Object.keys(h), h);

// Far-apart elements under the generic algorithms.
const d: any[] = [];
d[100000] = "x";
d[5] = "y";
d[70000] = undefined;
console.log(d.length, d.join("").length, d.indexOf("x"), d.lastIndexOf("y"), d.includes("x"), d.indexOf(undefined), d.includes(undefined));
console.log(d.map((v: any) => v + "!").filter(() => true), d.slice(99999), d.concat(["z"]).length, d.concat(["z"])[100001]);
let visits = 0;
d.forEach(() => visits++);
console.log(visits, d.reduce((x: any, y: any) => x + y, ""), [...d].length, Array.from(d).length, d.some((v: any) => v === "x"));
console.log(JSON.stringify(d).length, String(d).length, d.findIndex((v: any) => v === "x"), d.findLast((v: any) => v === "y"));
const e: any[] = [];
e[2e6] = 7;
e[10] = 3;
console.log(e.sort(), e.length, Object.entries(e));
e.length = 5;
console.log(e, e.length);

// Integrity levels.
const f = Object.freeze(Object.assign([], { 200000: 1 }));
console.log(Object.isFrozen(f), Object.isSealed(f), f.length, Reflect.set(f, 200000, 2), Reflect.set(f, 1, 2), f[200000]);
const s = Object.seal(Object.assign([], { 300000: 1 }));
console.log(Reflect.set(s, 300000, 5), Reflect.deleteProperty(s, 300000), Reflect.set(s, 1, 1), s[300000]);
try {
  s.length = 0;
} catch (x: any) {
  console.log(x.constructor.name, x.message);
}
console.log(s.length, Object.getOwnPropertyDescriptor(s, 300000), Object.getOwnPropertyDescriptor(s, "length"));

// Filling from the far end, then most of the way: the array stays correct as it fills.
const g: any[] = [];
for (let i = 0; i < 200000; i += 2) g[200000 - i] = i;
console.log(g.length, g[2], g[200000], g.filter(() => true).length);
for (let i = 1; i < 200000; i += 2) g[i] = -i;
let sum = 0;
for (let i = 0; i < g.length; i++) sum += g[i] ?? 0;
console.log(g.length, sum, g.indexOf(-199999), g.slice(0, 4));

// Many elements far apart, collected while the table grows.
const many: any[] = [];
for (let i = 0; i < 1000; i++) many[i * 100003] = { i, s: "v" + i };
let ok = 0;
for (let i = 0; i < 1000; i++) if (many[i * 100003].i === i) ok++;
console.log(many.length, ok, Object.keys(many).length, many[999 * 100003]);
for (let i = 0; i < 1000; i += 2) delete many[i * 100003];
console.log(Object.keys(many).length, many[100003].s, many.length);
console.log(structuredClone(e).length, structuredClone(d)[100000], JSON.stringify(structuredClone([, 1, , 2])));
