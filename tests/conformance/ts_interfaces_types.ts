// Interfaces and type aliases produce no runtime code
interface Point {
  x: number;
  y: number;
}
interface Point3D extends Point {
  z: number;
}
interface Named {
  readonly name: string;
  greet?(): string;
}
type ID = string | number;
type Pair<T> = [T, T];
type Callback = (err: Error | null, value?: number) => void;
type Shape = { kind: "circle"; r: number } | { kind: "square"; s: number };
type Keys = keyof Point;
type Mapped = { [K in Keys]: boolean };
type Cond<T> = T extends string ? "str" : "other";
const p: Point3D = { x: 1, y: 2, z: 3 };
const id: ID = 42;
const pair: Pair<string> = ["a", "b"];
const cb: Callback = (err, v) => console.log("callback", err, v);
cb(null, 5);
const mapped: Mapped = { x: true, y: false };
const c: Cond<"s"> = "str";
function area(s: Shape): number {
  switch (s.kind) {
    case "circle": return Math.round(3.14 * s.r * s.r);
    case "square": return s.s * s.s;
  }
}
console.log(p, id, pair, mapped, c);
console.log(area({ kind: "circle", r: 2 }), area({ kind: "square", s: 3 }));
class Person implements Named {
  constructor(readonly name: string) {}
  greet() { return "hi " + this.name; }
}
const named: Named = new Person("ann");
console.log(named.greet?.(), named.name, named instanceof Person);
const k: Keys = "x";
console.log(k, typeof p);
interface Counter { (start: number): number; reset(): void; }
const counter = ((start: number) => start + 1) as Counter;
counter.reset = () => {};
console.log(counter(5), typeof counter.reset);
