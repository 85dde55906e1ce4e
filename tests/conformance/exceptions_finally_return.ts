// return inside try / catch / finally, and finally overriding return
function tryReturn() {
  try {
    return "try";
  } finally {
    console.log("finally after try return");
  }
}
console.log(tryReturn());
function finallyOverrides() {
  try {
    return "try";
  } finally {
    return "finally";
  }
}
console.log(finallyOverrides());
function catchReturn() {
  try {
    throw new Error("e");
  } catch {
    return "catch";
  } finally {
    console.log("finally after catch return");
  }
}
console.log(catchReturn());
function finallyOverridesThrow() {
  try {
    throw new Error("lost");
  } finally {
    return "finally swallowed the error";
  }
}
console.log(finallyOverridesThrow());
function finallyOverridesCatch() {
  try {
    throw 1;
  } catch {
    return "catch";
  } finally {
    return "finally";
  }
}
console.log(finallyOverridesCatch());
function returnValueEvaluatedBeforeFinally() {
  let x = 1;
  try {
    return x;
  } finally {
    x = 2;
  }
}
console.log(returnValueEvaluatedBeforeFinally());
function objectMutatedInFinally() {
  const o = { v: 1 };
  try {
    return o;
  } finally {
    o.v = 2;
  }
}
console.log(objectMutatedInFinally());
function finallyThrows() {
  try {
    return "try";
  } finally {
    throw new Error("finally threw");
  }
}
try {
  finallyThrows();
} catch (e: any) {
  console.log(e.message);
}
function noReturnInFinally() {
  try {
    return "kept";
  } finally {
    "no return here";
  }
}
console.log(noReturnInFinally());
