// Symbol.toPrimitive with hints
const hints: string[] = [];
const obj: any = {
  [Symbol.toPrimitive](hint: string) {
    hints.push(hint);
    if (hint === "number") return 42;
    if (hint === "string") return "forty-two";
    return "default-value";
  },
};
console.log(+obj);
console.log(`${obj}`);
console.log(obj + "");
console.log(obj * 2);
console.log(String(obj));
console.log(Number(obj));
console.log(obj == "default-value");
console.log(obj < 50);
console.log([obj].join());
console.log(hints.join(" "));
const beatsValueOf: any = {
  [Symbol.toPrimitive]() { return 1; },
  valueOf() { return 2; },
  toString() { return "3"; },
};
console.log(beatsValueOf + 0, `${beatsValueOf}`);
const badPrim: any = { [Symbol.toPrimitive]() { return {}; } };
try {
  console.log(badPrim + 1);
} catch (e: any) {
  console.log(e instanceof TypeError, e.name);
}
class Temperature {
  constructor(public celsius: number) {}
  [Symbol.toPrimitive](hint: string) {
    return hint === "string" ? this.celsius + "C" : this.celsius;
  }
}
const t: any = new Temperature(21);
console.log(`${t}`, t + 1, t > 20, String(t));
