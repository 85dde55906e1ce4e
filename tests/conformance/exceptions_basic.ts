// throw, try, catch, finally basics
function divide(a: number, b: number) {
  if (b === 0) throw new Error("division by zero");
  return a / b;
}
try {
  console.log(divide(10, 2));
  console.log(divide(1, 0));
  console.log("not reached");
} catch (e: any) {
  console.log("caught:", e.message);
} finally {
  console.log("finally runs");
}
const log: string[] = [];
try {
  log.push("try");
} finally {
  log.push("finally");
}
console.log(log);
function withCatch(fail: boolean) {
  const steps: string[] = [];
  try {
    steps.push("start");
    if (fail) throw new Error("fail");
    steps.push("end");
  } catch (err) {
    steps.push("catch " + (err as Error).message);
  } finally {
    steps.push("finally");
  }
  steps.push("after");
  return steps.join(" > ");
}
console.log(withCatch(false));
console.log(withCatch(true));
let scoped = "outer";
try {
  throw new Error("x");
} catch (scoped) {
  console.log("catch param shadows:", (scoped as Error).message);
}
console.log(scoped);
const e = new Error("standalone");
console.log(e.message, e.name, e instanceof Error, String(e));
const emptyErr = new Error();
console.log(JSON.stringify(emptyErr.message), String(emptyErr));
