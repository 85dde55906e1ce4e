// Execution order across try/catch/finally with every control transfer
function run(label: string, fn: (log: string[]) => unknown) {
  const log: string[] = [];
  let result: unknown;
  try {
    result = fn(log);
  } catch (e: any) {
    result = "threw " + (e instanceof Error ? e.message : String(e));
  }
  console.log(label.padEnd(28), log.join(","), "=>", result);
}
run("normal", (log) => { try { log.push("t"); } catch { log.push("c"); } finally { log.push("f"); } return "end"; });
run("throw in try", (log) => { try { log.push("t"); throw new Error("x"); } catch { log.push("c"); } finally { log.push("f"); } return "end"; });
run("throw in catch", (log) => { try { throw 1; } catch { log.push("c"); throw new Error("from catch"); } finally { log.push("f"); } });
run("throw in finally", (log) => { try { log.push("t"); } finally { log.push("f"); throw new Error("from finally"); } });
run("finally replaces throw", (log) => { try { throw new Error("a"); } finally { log.push("f"); throw new Error("b"); } });
run("return try, finally log", (log) => { try { log.push("t"); return "try"; } finally { log.push("f"); } });
run("return catch", (log) => { try { throw 0; } catch { log.push("c"); return "catch"; } finally { log.push("f"); } });
run("return finally over try", (log) => { try { return "try"; } finally { log.push("f"); return "finally"; } });
run("return finally over catch", (log) => { try { throw 0; } catch { return "catch"; } finally { log.push("f"); return "finally"; } });
run("return finally over throw", (log) => { try { throw new Error("lost"); } finally { log.push("f"); return "finally"; } });
run("try-finally no catch throw", (log) => { try { throw new Error("escapes"); } finally { log.push("f"); } });
run("nested finally order", (log) => {
  try { try { return "inner"; } finally { log.push("f1"); } } finally { log.push("f2"); }
});
run("catch param scope", (log) => { try { throw "v"; } catch (v) { log.push(String(v)); } return typeof (globalThis as any).v; });
run("return in loop in finally", (log) => {
  try { return "try"; } finally { for (const x of [1, 2]) { log.push("l" + x); } }
});
