export function run(items: number[]) {
  let total = 0;
  for (const i of items) {
    if (i < 0) {
      console.log("worker: negative item", i, "- exiting with status 4");
      process.exit(4);
    }
    total += i;
    console.log("worker: total", total);
  }
  return total;
}
