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
