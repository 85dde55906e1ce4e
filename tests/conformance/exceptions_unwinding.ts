// Unwinding through recursive calls and nested finally blocks
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
for (const line of log2) console.log(line);
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
