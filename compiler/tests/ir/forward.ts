// pass: forward
// Reads of a fresh literal's fields answered from the literal, until something may run code.
interface Temp {
  x: number;
  y: number;
  prev: Temp | null;
}
export function churn(n: number): number {
  let last: Temp | null = null;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const t: Temp = { x: i, y: i * 2, prev: last };
    last = t;
    t.y = t.y + 1;
    sum += t.x + t.y;
    // After a call, which may run code that changes t's fields, the read stays.
    console.log(t.x);
  }
  return sum + (last === null ? 0 : last.x);
}
