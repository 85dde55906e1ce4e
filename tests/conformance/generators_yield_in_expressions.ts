// yield inside expressions: temporaries, literals, templates and known fields survive the suspension.
function* g(n: number): Generator<number, void, number> {
  const p = { x: 1 + 2, y: n };
  const q = { a: 5 };
  const s = (yield 0) + p.x * 2;
  console.log("s", s, p.x, p.y, q.a);
  const t = 10 * (yield s) + (yield s + 1);
  console.log("t", t);
  let acc = 0;
  for (let i = 0; i < 3; i++) acc += (yield i) ?? 0;
  console.log("acc", acc);
  console.log(`tmpl ${yield "in template"} end`);
  const arr = [1, yield "in array", 3];
  console.log(arr, { k: yield "in object" });
  if ((yield "cond") > 5) console.log("big");
}
const it = g(7);
console.log(it.next().value);
console.log(it.next(1).value);
console.log(it.next(2).value);
console.log(it.next(3).value);
for (let i = 0; i < 3; i++) console.log(it.next(i + 1).value);
console.log(it.next(100).value, it.next(200).value, it.next(300).value, it.next(9), it.next());
