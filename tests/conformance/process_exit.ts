// process.exit with a status code after printing output
console.log("start");
function work() {
  for (let i = 0; i < 3; i++) console.log("step", i);
  return "done";
}
console.log(work());
console.log("about to exit");
console.log(typeof process.exit);
console.log("exit code will be 3");
process.exit(3);
console.log("never printed");
