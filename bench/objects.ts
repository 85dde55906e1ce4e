function run(): number {
  let total = 0;
  for (let i = 0; i < 10000000; i++) {
    const p = { x: i, y: i + 1 };
    total += p.x + p.y;
  }
  return total;
}
console.log(run());
