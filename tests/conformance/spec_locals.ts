// Accumulators that start as numbers and are updated with values of any
// type (`let sum = 0; sum += o.x`) keep an f64 while they hold numbers and
// fall back to values when an operand is not a number.

function total(items: any[]): any {
  let sum = 0;
  for (const it of items) sum += it.v;
  return sum;
}
console.log(total([{ v: 1 }, { v: 2.5 }, { v: -3 }]));
console.log(total([{ v: 1 }, { v: "2" }, { v: 3 }]));
console.log(total([{ v: "a" }, { v: 1 }, { v: 2 }]));
console.log(total([{ v: 1 }, { v: null }, { v: true }, { v: undefined }]));
console.log(total([{ v: { valueOf: () => 10 } }, { v: 5 }]));
console.log(total([{ v: [1] }, { v: 2 }]));

function mix(xs: any[]): string {
  let p = 1;
  let q = 100;
  let r = 7;
  const log: string[] = [];
  for (const x of xs) {
    p *= x;
    q /= x;
    r %= x;
    log.push(`${p}|${q}|${r}`);
  }
  return log.join(" ");
}
console.log(mix([2, "3", { valueOf: () => 4 }, 0.5, "x", 2]));

function zeros(): string {
  let z = -0;
  const out: number[] = [];
  z += -0;
  out.push(1 / z);
  z += 0;
  out.push(1 / z);
  z -= 0;
  out.push(1 / z);
  return out.join(",");
}
console.log(zeros());

function reentrant(): any {
  let s = 1;
  s += (s = 5, 2);
  let t = 1;
  t += ((t = 10), "x");
  return [s, t];
}
console.log(JSON.stringify(reentrant()));

function steps(): any[] {
  let a = 0;
  a += "5";
  a++;
  let b = 0;
  b += 2;
  b++;
  b--;
  let c = 1;
  c += "x";
  c++;
  return [a, b, c];
}
console.log(JSON.stringify(steps()));

function withBigInt(): string {
  let n = 0;
  try {
    n += 1n as any;
    return "no error " + n;
  } catch (e) {
    return (e as Error).constructor.name + " " + n;
  }
}
console.log(withBigInt());

function tdz(): string {
  try {
    acc += 1;
  } catch (e) {
    return (e as Error).constructor.name;
  }
  let acc = 0;
  return "no error";
}
console.log(tdz());

let top = 0;
for (let i = 0; i < 1000; i++) top += i % 3 === 0 ? i : i % 3 === 1 ? -1 : 0.5;
console.log(top);
let s2 = 0;
const objs = Array.from({ length: 200 }, (_, i) => ({ x: i % 5 === 0 ? `${i}` : i }));
for (const o of objs) s2 += o.x as any;
console.log(String(s2).length, typeof s2);
