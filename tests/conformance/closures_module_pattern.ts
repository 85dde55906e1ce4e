// Module pattern: private state behind an object of closures
const Stack = (function () {
  const items: number[] = [];
  let ops = 0;
  return {
    push(x: number) { ops++; items.push(x); return this; },
    pop() { ops++; return items.pop(); },
    size() { return items.length; },
    ops() { return ops; },
    snapshot() { return [...items]; },
  };
})();
Stack.push(1).push(2).push(3);
console.log(Stack.size(), Stack.snapshot());
console.log(Stack.pop(), Stack.pop(), Stack.size());
console.log(Stack.ops());
function createIdGenerator(prefix: string) {
  let next = 1;
  const issued = new Set<string>();
  return {
    issue() {
      const id = prefix + "-" + next++;
      issued.add(id);
      return id;
    },
    has(id: string) { return issued.has(id); },
    count() { return issued.size; },
  };
}
const users = createIdGenerator("user");
const orders = createIdGenerator("order");
console.log(users.issue(), users.issue(), orders.issue());
console.log(users.has("user-2"), users.has("order-1"), orders.has("order-1"));
console.log(users.count(), orders.count());
function createEmitter() {
  const listeners: Record<string, ((v: string) => void)[]> = {};
  return {
    on(ev: string, fn: (v: string) => void) {
      (listeners[ev] ||= []).push(fn);
    },
    emit(ev: string, v: string) {
      (listeners[ev] || []).forEach((fn) => fn(v));
      return (listeners[ev] || []).length;
    },
  };
}
const em = createEmitter();
const log: string[] = [];
em.on("a", (v) => log.push("first " + v));
em.on("a", (v) => log.push("second " + v));
console.log(em.emit("a", "x"), em.emit("b", "y"));
console.log(log);
