// JSON.stringify replacer functions and arrays, and toJSON
const obj = { a: 1, b: "two", c: { a: 3, d: [4, 5] }, e: null };
console.log(JSON.stringify(obj, ["a", "c"]));
console.log(JSON.stringify(obj, ["c", "a", "missing"]));
console.log(JSON.stringify([{ a: 1, b: 2 }], ["b"]));
console.log(JSON.stringify(obj, (key, value) => (typeof value === "number" ? value * 10 : value)));
console.log(JSON.stringify(obj, (key, value) => (key === "c" ? undefined : value)));
const calls: string[] = [];
JSON.stringify({ x: { y: 1 }, z: [true] }, function (key, value) {
  calls.push(JSON.stringify(key) + ":" + typeof value);
  return value;
});
console.log(calls.join(" "));
console.log(JSON.stringify(5, (k, v) => v + 1), JSON.stringify({ a: 1 }, () => undefined));
console.log(JSON.stringify({ a: 1, b: [1, 2] }, (k, v) => (Array.isArray(v) ? v.length : v), 2));
const withToJSON = {
  secret: "hidden",
  toJSON() { return { public: true }; },
};
console.log(JSON.stringify(withToJSON), JSON.stringify({ nested: withToJSON }));
class Temp {
  constructor(public c: number) {}
  toJSON(key: string) { return `${this.c}C (key=${JSON.stringify(key)})`; }
}
console.log(JSON.stringify(new Temp(20)), JSON.stringify({ t: new Temp(5) }), JSON.stringify([new Temp(1)]));
console.log(JSON.stringify({ toJSON() { return undefined; } }), JSON.stringify({ a: { toJSON: () => 42 } }));
console.log(JSON.stringify({ 1: "one", 2: "two" }, [1] as any));
