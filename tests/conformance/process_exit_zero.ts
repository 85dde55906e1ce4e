// process.exit(0) stops the program with a success status
let total = 0;
for (let i = 1; i <= 5; i++) {
  total += i;
  console.log("running total", total);
  if (total > 9) {
    console.log("stopping early");
    process.exit(0);
  }
}
console.log("not reached");
