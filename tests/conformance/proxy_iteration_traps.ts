// Iterating a proxy reads Symbol.iterator once per GetIterator, then the
// array iterator's length and index reads go through the get trap: the
// exact trap sequence of each consumer, compared with Node.

const log: string[] = [];
function key(k: unknown): string {
  return typeof k === "symbol" ? k.toString() : String(k);
}
function logged<T extends object>(target: T, name: string): T {
  const h: ProxyHandler<any> = {};
  for (const t of ["get", "set", "has", "ownKeys", "getOwnPropertyDescriptor", "getPrototypeOf", "defineProperty", "deleteProperty", "apply", "construct"] as const) {
    (h as any)[t] = (...a: any[]) => {
      log.push(`${name}.${t}${t === "get" || t === "has" || t === "set" || t === "getOwnPropertyDescriptor" || t === "deleteProperty" || t === "defineProperty" ? " " + key(a[1]) : ""}`);
      return (Reflect as any)[t](...a);
    };
  }
  return new Proxy(target, h);
}
function show(title: string, result: unknown): void {
  console.log(title, JSON.stringify(result));
  console.log("  " + log.join("\n  "));
  log.length = 0;
}

const arr = logged([10, 20], "A");
const got: number[] = [];
for (const x of arr) got.push(x);
show("for-of", got);
show("spread", [...arr]);
const [a] = arr;
show("destructure one", a);
const [p, q, r] = arr;
show("destructure three", [p, q, r]);
const [h, ...rest] = arr;
show("destructure rest", [h, rest]);
show("Array.from", Array.from(arr));
show("Array.from map", Array.from(arr, (x) => x + 1));
show("new Set", [...new Set(arr)]);
show("Math.max spread", Math.max(...arr));
function f(...xs: number[]) { return xs.length; }
show("call spread", f(...arr));
const entries = logged([logged(["k", 1], "E0")], "M");
show("new Map", [...new Map(entries as any)]);
show("Object.fromEntries", Object.fromEntries(entries as any));
function* g() { yield* arr; }
show("yield*", [...g()]);
Promise.all(arr).then((v) => show("Promise.all", v));
