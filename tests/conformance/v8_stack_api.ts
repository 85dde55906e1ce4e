// V8's stack trace API, as packages use it (depd, and with it http-errors and body-parser;
// callsites): Error.stackTraceLimit, Error.prepareStackTrace receiving CallSite objects,
// Error.captureStackTrace on any object.
function sites(): any[] {
  const prep = (Error as any).prepareStackTrace;
  (Error as any).prepareStackTrace = (_e: unknown, s: any[]) => s;
  const o: any = {};
  Error.captureStackTrace(o);
  const s = o.stack;
  (Error as any).prepareStackTrace = prep;
  return s;
}
class Widget {
  where() {
    return sites();
  }
}
function outer() {
  return new Widget().where();
}
const s = outer();
console.log(Array.isArray(s), s.length >= 3);
const [a, b, c] = s;
console.log(a.getFunctionName(), b.getFunctionName(), b.getTypeName(), b.getMethodName(), c.getFunctionName());
console.log(typeof a.getLineNumber(), typeof a.getColumnNumber(), /v8_stack_api/.test(a.getFileName()), a.isNative(), a.isEval(), a.isConstructor(), a.getEvalOrigin());
console.log(/^sites \(.*v8_stack_api.*:\d+:\d+\)$/.test(a.toString()), typeof a.getThis(), b.isToplevel());

const d = Object.getOwnPropertyDescriptor(Error, "stackTraceLimit")!;
console.log(d.value, d.writable, d.enumerable, d.configurable);
function deep(n: number): Error {
  return n === 0 ? new Error("deep") : deep(n - 1);
}
(Error as any).stackTraceLimit = 2;
console.log(deep(5).stack!.split("\n").length);
(Error as any).stackTraceLimit = 0;
console.log(JSON.stringify(deep(5).stack));
(Error as any).stackTraceLimit = 10;
console.log(deep(20).stack!.split("\n").length);

(Error as any).prepareStackTrace = (e: Error, cs: any[]) => `${e.name}/${e.message}/${cs.length > 0}/${cs[0].getFunctionName()}`;
function make() {
  return new TypeError("t");
}
console.log(make().stack);
(Error as any).prepareStackTrace = undefined;
console.log(make().stack!.split("\n")[0], /at make/.test(make().stack!));
