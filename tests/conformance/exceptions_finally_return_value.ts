// The return value is computed before finally runs; finally can throw or leave it unchanged
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
function arrayReturned() {
  const arr = [1];
  try {
    return arr;
  } finally {
    arr.push(2);
  }
}
console.log(arrayReturned());
