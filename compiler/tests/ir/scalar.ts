// pass: scalar
// Object literals bound to a const and read only for their own fields are never made.
export function sum(n: number): number {
  let total = 0;
  for (let i = 0; i < n; i++) {
    const p = { x: i, y: i + 1 };
    p.y = p.y * 2;
    total += p.x + p.y;
  }
  return total;
}

// Not replaced: the object escapes (returned, passed, a method called, a missing field read).
export function escapes(n: number) {
  const a = { x: n };
  const b = { x: n };
  const c = { x: n };
  console.log(b);
  return [a, c.toString(), c.x];
}
