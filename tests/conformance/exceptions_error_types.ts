// Built-in error constructors: message, name, cause, instanceof
const ctors = [Error, TypeError, RangeError, SyntaxError, ReferenceError];
for (const C of ctors) {
  const e = new C("msg for " + C.name);
  console.log(e.name, "|", e.message, "|", String(e), "|", e instanceof Error, e instanceof C);
}
const noNew = (TypeError as any)("called without new");
console.log(noNew instanceof TypeError, noNew.message);
const withCause = new Error("outer", { cause: "inner reason" });
console.log(withCause.message, withCause.cause);
const causeErr = new RangeError("range", { cause: new TypeError("root") });
console.log((causeErr.cause as Error).name, (causeErr.cause as Error).message);
const noCause = new Error("none");
console.log(noCause.cause, "cause" in noCause, "cause" in withCause);
const e1 = new Error("changeable");
e1.message = "changed";
e1.name = "Renamed";
console.log(String(e1), e1.toString());
const e2 = new Error("");
console.log(JSON.stringify(String(e2)));
const e3: any = new Error("with props");
e3.code = "E_CODE";
console.log(e3.code, Object.keys(e3));
console.log(new Error(undefined).message === "", new Error(123 as any).message);
console.log(typeof Error, Error.name, TypeError.name);
console.log(Object.getPrototypeOf(TypeError) === Error);
console.log(Object.getPrototypeOf(TypeError.prototype) === Error.prototype);
