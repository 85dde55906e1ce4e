// Nested try blocks, rethrow and ordering of finally blocks
const log: string[] = [];
try {
  try {
    log.push("inner try");
    throw new Error("inner");
  } catch (e: any) {
    log.push("inner catch " + e.message);
    throw new Error("rethrown from inner catch");
  } finally {
    log.push("inner finally");
  }
} catch (e: any) {
  log.push("outer catch " + e.message);
} finally {
  log.push("outer finally");
}
console.log(log.join("\n"));
function rethrow() {
  try {
    throw new TypeError("original");
  } catch (e) {
    if (e instanceof RangeError) return "handled range";
    throw e;
  }
}
try {
  rethrow();
} catch (e: any) {
  console.log("rethrown:", e.name, e.message, e instanceof TypeError);
}
