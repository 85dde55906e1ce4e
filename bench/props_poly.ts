// Property access on class instances and object literals: one monomorphic
// site and one site that sees four shapes, 5*10^7 reads each.
// ROUNDS = process.argv[2] rounds of 1000 reads at each site, default 5 * 10^4.
// quick size: 2000
const ROUNDS = (process.argv.length > 2 ? Number(process.argv[2]) : 50000) | 0;

class Point {
  constructor(public x: number, public y: number) {}
}
interface HasX { x: number }
const mono: Point[] = [];
for (let i = 0; i < 1000; i++) mono.push(new Point(i, i * 2));
const poly: HasX[] = [];
for (let i = 0; i < 1000; i++) {
  switch (i & 3) {
    case 0: poly.push({ x: i }); break;
    case 1: poly.push({ x: i, y: 1 } as HasX); break;
    case 2: poly.push({ a: 0, x: i } as HasX); break;
    default: poly.push(new Point(i, 0)); break;
  }
}
let sm = 0;
let sp = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (let i = 0; i < 1000; i++) {
    const p = mono[i];
    sm += p.x + p.y;
    sp += poly[i].x;
  }
  mono[r % 1000].x = r;
}
console.log(sm, sp);
