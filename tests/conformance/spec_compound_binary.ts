// `sum += a op b` on a probable-number local: one test that the local and
// both operands are numbers, float arithmetic then; anything else (strings,
// objects with valueOf, BigInt, a local that stopped holding a number)
// takes the operators on values, in order.

interface P { x: unknown; y: unknown }
function total(ps: P[]): unknown {
  let sum: any = 0;
  for (const p of ps) sum += (p.x as number) + (p.y as number);
  return sum;
}
console.log(total([{ x: 1, y: 2 }, { x: 3.5, y: -1 }]));
console.log(total([{ x: 1, y: 2 }, { x: "a", y: 3 }, { x: 4, y: 5 }]));
let calls: string[] = [];
const vo = (n: number, tag: string) => ({ valueOf() { calls.push(tag); return n; } });
console.log(total([{ x: vo(10, "l"), y: vo(20, "r") }, { x: 1, y: 1 }]), calls.join(""));

function mixed(xs: number[], ys: unknown[]): unknown {
  let acc: any = 0;
  for (let i = 0; i < xs.length; i++) {
    acc -= xs[i] * (ys[i] as number);
    acc *= 1;
    acc /= (ys[i] as number) - 0.5;
  }
  return acc;
}
console.log(mixed([1, 2, 3], [2, 3, 4]), mixed([1, 2], [2, "3"]), mixed([1, 2], [{ valueOf: () => 2 }, 3]));

let s: any = 0;
for (let i = 0; i < 5; i++) {
  s += i * 2 + 1;
  if (i === 2) s = "s";
}
console.log(s);

try {
  let b: any = 0;
  const big: any = 5n;
  for (let i = 0; i < 2; i++) b += big * big;
  console.log(b);
} catch (e) {
  console.log((e as Error).constructor.name);
}

let n: any = 1;
for (let i = 0; i < 40; i++) n += n / 3 - i * 0.25;
console.log(n.toFixed(6), Number.isFinite(n));
