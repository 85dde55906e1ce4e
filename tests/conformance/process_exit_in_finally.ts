// process.exit inside nested calls and try/finally ends the program immediately
const log: string[] = [];
function inner() {
  try {
    log.push("inner try");
    console.log(log.join(", "));
    console.log("exiting with 7");
    process.exit(7);
  } finally {
    console.log("finally is not run after process.exit");
  }
}
function outer() {
  console.log("outer start");
  console.log("log has", log.length, "entries");
  try {
    console.log("calling inner");
    inner();
  } catch (e) {
    console.log("not caught either");
  }
  console.log("outer end (unreachable)");
}
outer();
