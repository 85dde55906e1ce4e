// break/continue in finally overriding return and throw, and labelled continue through finally
function breakOverridesReturn() {
  for (let i = 0; i < 3; i++) {
    try {
      return "returned " + i;
    } finally {
      break;
    }
  }
  return "after loop";
}
console.log(breakOverridesReturn());
function continueOverridesReturn() {
  let n = 0;
  for (let i = 0; i < 3; i++) {
    try {
      n++;
      return "returned";
    } finally {
      continue;
    }
  }
  return "loop finished, n=" + n;
}
console.log(continueOverridesReturn());
function breakSwallowsThrow() {
  while (true) {
    try {
      throw new Error("swallowed");
    } finally {
      break;
    }
  }
  return "no error escaped";
}
console.log(breakSwallowsThrow());
const log3: string[] = [];
outer: for (let i = 0; i < 3; i++) {
  for (let j = 0; j < 3; j++) {
    try {
      if (j === 1) continue outer;
      log3.push(`${i}${j}`);
    } finally {
      log3.push("f");
    }
  }
}
console.log(log3.join(" "));
let w = 0;
const log4: string[] = [];
while (w < 3) {
  try {
    w++;
    if (w === 2) continue;
    log4.push("w" + w);
  } finally {
    log4.push("fw" + w);
  }
}
console.log(log4.join(" "));
