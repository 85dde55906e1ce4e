// Exceptions thrown from JSON callbacks, toJSON and getters
const results = ["1", "x", "3"].map((s) => {
  try {
    const n = JSON.parse(s);
    return n * 2;
  } catch (e: any) {
    return e.name;
  }
});
console.log(results);
try {
  JSON.parse('{"a":1}', (k, v) => {
    if (k === "a") throw new Error("reviver threw");
    return v;
  });
} catch (e: any) {
  console.log(e.message);
}
try {
  JSON.stringify({ toJSON() { throw new TypeError("toJSON threw"); } });
} catch (e: any) {
  console.log(e.name, e.message);
}
const getterObj = { get bad(): number { throw new Error("getter threw"); } };
try {
  console.log(getterObj.bad);
} catch (e: any) {
  console.log(e.message);
}
const setterObj = { set bad(v: number) { throw new RangeError("setter threw " + v); } };
try {
  setterObj.bad = 5;
} catch (e: any) {
  console.log(e.name, e.message);
}
