// Destructuring in catch clauses and evaluation order of defaults
try {
  throw new TypeError("bad type");
} catch ({ name, message }) {
  console.log(name, message);
}
try {
  throw { code: 42, details: { reason: "because" } };
} catch ({ code, details: { reason }, missing = "default" }: any) {
  console.log(code, reason, missing);
}
try {
  throw [1, 2, 3];
} catch ([first, ...rest]: any) {
  console.log(first, rest);
}
const order: string[] = [];
const val = (label: string, v: unknown) => { order.push(label); return v; };
const { a = val("default a", 1), b = val("default b", 2), c = val("default c", 3) } = { b: "given" } as any;
console.log(a, b, c, order);
order.length = 0;
const [x = val("x", "X"), y = val("y", "Y")] = [undefined, null];
console.log(x, y, order);
order.length = 0;
const src = { get p() { order.push("get p"); return undefined; }, get q() { order.push("get q"); return 5; } };
const { q, p = val("default p", "P") } = src;
console.log(p, q, order);
function f({ n = 1 } = { n: 2 }) { return n; }
console.log(f(), f({}), f({ n: 3 }), f(undefined));
