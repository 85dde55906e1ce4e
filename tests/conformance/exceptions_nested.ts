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
function deep(n: number): number {
  try {
    if (n === 0) throw new Error("bottom");
    return deep(n - 1);
  } finally {
    log2.push("unwind " + n);
  }
}
const log2: string[] = [];
try {
  deep(3);
} catch (e: any) {
  log2.push("caught " + e.message);
}
console.log(log2);
const sequence: string[] = [];
try {
  try {
    try {
      throw "level3";
    } finally {
      sequence.push("f3");
    }
  } finally {
    sequence.push("f2");
  }
} catch (v) {
  sequence.push("caught " + v);
}
console.log(sequence);
function catchThrowsNew() {
  try {
    throw new Error("a");
  } catch {
    try {
      throw new Error("b");
    } catch (e2: any) {
      return "inner caught " + e2.message;
    }
  }
}
console.log(catchThrowsNew());
