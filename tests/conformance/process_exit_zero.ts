// process.exit(0) stops the program with a success status
let total = 0;
const seen: number[] = [];
for (let i = 1; i <= 5; i++) {
  total += i;
  seen.push(i);
  console.log("running total", total);
  if (total > 9) {
    console.log("stopping early after", seen.join(","));
    process.exit(0);
  }
}
console.log("not reached");
function unreachable() {
  return "never called";
}
console.log(unreachable());
