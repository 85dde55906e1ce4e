// process.exit with a status code after printing output
console.log("start");
function work() {
  for (let i = 0; i < 3; i++) console.log("step", i);
  return "done";
}
console.log(work());
const status = [1, 2].reduce((a, b) => a + b, 0);
console.log("computed status", status);
console.log(typeof process.exit);
function shutdown(code: number) {
  console.log("shutting down with", code);
  process.exit(code);
}
shutdown(status);
console.log("never printed");
