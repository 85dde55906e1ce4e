import { Map, List, Set, Record, fromJS } from "immutable";
const m1 = Map({ a: 1, b: 2 });
const m2 = m1.set("b", 50);
console.log(m1.get("b"), m2.get("b"), m1.equals(Map({ a: 1, b: 2 })));
const l = List([1, 2, 3]).push(4).map((x) => x * 2).filter((x) => x > 2);
console.log(l.toJS(), l.size, Set([1, 2, 2, 3]).size);
const Point = Record({ x: 0, y: 0 });
const p = Point({ x: 3 });
console.log(p.x, p.y, JSON.stringify(fromJS({ a: [1, { b: 2 }] }).getIn(["a", 1]).toJS()));
