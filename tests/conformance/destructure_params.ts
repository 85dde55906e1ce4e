// Destructuring in function parameters
function point({ x, y }: { x: number; y: number }) {
  return x + y;
}
console.log(point({ x: 1, y: 2 }));
function withDefaults({ a = 1, b = 2 }: { a?: number; b?: number } = {}) {
  return [a, b];
}
console.log(withDefaults(), withDefaults({}), withDefaults({ b: 5 }));
function arr([first, second = "def", ...rest]: string[]) {
  return `${first}|${second}|${rest.length}`;
}
console.log(arr(["a"]), arr(["a", "b", "c", "d"]));
const arrow = ({ name, tags: [t1] = ["none"] }: { name: string; tags?: string[] }) => `${name}:${t1}`;
console.log(arrow({ name: "x" }), arrow({ name: "y", tags: ["t"] }));
function mixed(n: number, { scale = 1 } = {}, ...more: number[]) {
  return n * scale + more.length;
}
console.log(mixed(2), mixed(2, { scale: 10 }), mixed(2, {}, 1, 2));
const entries = Object.entries({ a: 1, b: 2 });
console.log(entries.map(([k, v]) => k + v));
function nested({ outer: { inner = "i" } = {} }: any) {
  return inner;
}
console.log(nested({}), nested({ outer: {} }), nested({ outer: { inner: "x" } }));
try {
  point(undefined as any);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
function renamed({ a: alpha, b: beta = alpha }: { a: number; b?: number }) {
  return alpha * 10 + beta;
}
console.log(renamed({ a: 3 }), renamed({ a: 3, b: 4 }));
console.log(withDefaults.length, arr.length, mixed.length);
