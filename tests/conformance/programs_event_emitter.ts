// A small typed event emitter with once, off and error isolation
type Handler = (...args: any[]) => void;
class Emitter {
  private handlers = new Map<string, Handler[]>();
  on(event: string, h: Handler) {
    const list = this.handlers.get(event) ?? [];
    list.push(h);
    this.handlers.set(event, list);
    return () => this.off(event, h);
  }
  once(event: string, h: Handler) {
    const wrapper: Handler = (...args) => {
      this.off(event, wrapper);
      h(...args);
    };
    return this.on(event, wrapper);
  }
  off(event: string, h: Handler) {
    const list = this.handlers.get(event);
    if (!list) return false;
    const i = list.indexOf(h);
    if (i >= 0) list.splice(i, 1);
    return i >= 0;
  }
  emit(event: string, ...args: any[]) {
    const list = (this.handlers.get(event) ?? []).slice();
    const errors: string[] = [];
    for (const h of list) {
      try {
        h(...args);
      } catch (e: any) {
        errors.push(e.message);
      }
    }
    return { called: list.length, errors };
  }
  count(event: string) { return this.handlers.get(event)?.length ?? 0; }
}
const em = new Emitter();
const log: string[] = [];
const unsub = em.on("data", (x) => log.push("A" + x));
em.on("data", (x) => log.push("B" + x));
em.once("data", (x) => log.push("once" + x));
em.on("data", () => { throw new Error("handler failed"); });
console.log(em.emit("data", 1));
console.log(em.emit("data", 2));
unsub();
console.log(em.emit("data", 3), em.count("data"));
console.log(log.join(" "));
console.log(em.emit("nothing"), em.off("nothing", () => {}));
