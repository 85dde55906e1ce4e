// DisposableStack, AsyncDisposableStack and SuppressedError (ECMAScript 2026 27.3, 27.4,
// 20.5.8), which Node 20 (the conformance oracle) lacks: compiler/tests/resource_management.rs
// holds the expected output, derived from the specification.
const log: string[] = [];
const res = (name: string, fail = false) => ({ [Symbol.dispose]() { log.push("dispose " + name); if (fail) throw new Error(name + " failed"); } });
{
  using stack = new DisposableStack();
  stack.use(res("a"));
  stack.adopt(42, (v) => log.push("adopt " + v));
  stack.defer(() => log.push("defer"));
  stack.use(null);
  log.push("disposed? " + stack.disposed);
}
console.log(log.splice(0).join(" | "));
const s = new DisposableStack();
s.use(res("x", true));
s.use(res("y", true));
s.defer(() => log.push("z"));
try { s.dispose(); } catch (e: any) {
  console.log(e instanceof SuppressedError, e.name, e.message, e.error.message, e.suppressed.message, Object.keys(e).length);
}
console.log(log.splice(0).join(" | "), s.disposed);
s.dispose();
try { s.use(res("late")); } catch (e: any) { console.log(e.constructor.name); }
const a = new DisposableStack();
a.defer(() => log.push("moved"));
const b = a.move();
console.log(a.disposed, b.disposed, log.length);
b[Symbol.dispose]();
console.log(log.splice(0).join(), Object.prototype.toString.call(b), DisposableStack.prototype.dispose === DisposableStack.prototype[Symbol.dispose]);
try { new DisposableStack().use(5 as any); } catch (e: any) { console.log(e.constructor.name); }
const se = new SuppressedError(1, 2, "msg");
console.log(se.message, se.error, se.suppressed, se instanceof Error, String(se));
async function main() {
  const as = new AsyncDisposableStack();
  as.use({ async [Symbol.asyncDispose]() { await null; log.push("async one"); } });
  as.use(res("sync in async"));
  as.defer(async () => { log.push("async defer"); });
  await as.disposeAsync();
  console.log(log.splice(0).join(" | "), as.disposed);
  {
    await using st = new AsyncDisposableStack();
    st.defer(() => { log.push("await using"); });
  }
  console.log(log.splice(0).join());
}
main();
