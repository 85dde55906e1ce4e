// JSON round trips of nested data, dates-as-strings and class reconstruction
const data = {
  id: 7,
  name: "widget \"pro\"",
  tags: ["a", "b"],
  dims: { w: 1.5, h: 2, d: null },
  nested: [[1, 2], [3, [4, { deep: true }]]],
  unicode: "é😀\u0000",
  empty: { arr: [], obj: {} },
};
const text = JSON.stringify(data);
console.log(text);
const back = JSON.parse(text);
console.log(JSON.stringify(back) === text, back.nested[1][1][1].deep, back.unicode.length);
console.log(back);
class Point {
  constructor(public x: number, public y: number) {}
  static fromJSON(o: { x: number; y: number }) { return new Point(o.x, o.y); }
  norm2() { return this.x * this.x + this.y * this.y; }
}
const points = [new Point(1, 2), new Point(3, 4)];
const json = JSON.stringify(points);
const revived: Point[] = JSON.parse(json).map(Point.fromJSON);
console.log(json, revived.map((p) => p.norm2()), revived[0] instanceof Point);
const typed = JSON.parse('{"kind":"point","x":5,"y":6}', (k, v) =>
  v && typeof v === "object" && v.kind === "point" ? new Point(v.x, v.y) : v,
);
console.log(typed, typed instanceof Point);
console.log(JSON.parse(JSON.stringify({ u: undefined, n: NaN, i: -Infinity, z: -0 })));
console.log(JSON.stringify(JSON.parse("[1e3, -0.0, 2.50]")));
