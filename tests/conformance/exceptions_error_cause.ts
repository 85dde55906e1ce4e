// Error chaining with cause
function readConfig(raw: string) {
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw new Error("config invalid", { cause: e });
  }
}
function loadApp(raw: string) {
  try {
    return readConfig(raw);
  } catch (e) {
    throw new Error("app failed to start", { cause: e });
  }
}
try {
  loadApp("{bad json");
} catch (e: any) {
  const chain: string[] = [];
  let cur: any = e;
  while (cur) {
    chain.push(cur.name + ": " + (cur instanceof SyntaxError ? "<json error>" : cur.message));
    cur = cur.cause;
  }
  console.log(chain.join(" <- "));
}
console.log(loadApp('{"ok":true}'));
const primitiveCause = new TypeError("t", { cause: 42 });
console.log(primitiveCause.cause, typeof primitiveCause.cause);
const undefinedCause = new Error("u", { cause: undefined });
console.log("cause" in undefinedCause, undefinedCause.cause);
const emptyOptions = new Error("e", {});
console.log("cause" in emptyOptions);
const objCause = new RangeError("r", { cause: { code: 1, detail: "d" } });
console.log(objCause.cause);
class WrappedError extends Error {
  constructor(msg: string, cause?: unknown) {
    super(msg, cause === undefined ? undefined : { cause });
    this.name = "WrappedError";
  }
}
const w = new WrappedError("wrapped", new ReferenceError("ref"));
console.log(w.name, w.message, (w.cause as Error).name, w instanceof Error);
console.log("cause" in new WrappedError("no cause"));
