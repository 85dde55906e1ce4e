// @expose-gc
// A proxy reachable from only one place survives full collections and keeps
// working, wherever that place is; meanwhile tens of thousands of dead
// proxies free their ids, which are reused (a live proxy's id never is).

declare function gc(): void;

function tagged(name: string): any {
  return new Proxy({ name }, { get: (t: any, k) => (k === "who" ? "proxy:" + t.name : t[k]) });
}

function churn(n: number): number {
  let s = 0;
  for (let i = 0; i < n; i++) s += (new Proxy({ i }, {}) as any).i & 1;
  return s;
}

const holder: any = { field: tagged("object field") };
const arr: any[] = [1, tagged("array element"), 3];
const map = new Map<any, any>([["k", tagged("map value")]]);
const mapKey = tagged("map key");
map.set(mapKey, "value for proxy key");
const set = new Set([tagged("set element")]);
const wmKey = {};
const wm = new WeakMap<object, any>([[wmKey, tagged("weakmap value")]]);
const closure = (() => {
  const captured = tagged("closure environment");
  return () => captured.who;
})();
const outer = new Proxy(tagged("proxy target"), { get: (t: any, k) => t[k] });
const byHandler = new Proxy({}, tagged("proxy handler") as ProxyHandler<object>);
let fromReaction = "";
const reaction = Promise.resolve().then(() => {
  const p = tagged("promise reaction");
  return new Promise<void>((resolve) => setTimeout(() => { fromReaction = p.who; resolve(); }, 1));
});

async function inBoxCell(): Promise<string> {
  const local = tagged("async local (box cell)");
  await new Promise((r) => setTimeout(r, 1));
  gc();
  churn(70000);
  gc();
  return local.who;
}

function* inGenerator(): Generator<string> {
  const local = tagged("generator local");
  yield "started";
  yield local.who;
}

function inFrame(): string {
  const local = tagged("compiled frame");
  gc();
  churn(70000);
  gc();
  return local.who;
}

async function main() {
  const g = inGenerator();
  g.next();
  console.log(inFrame());
  console.log(churn(70000));
  gc();
  console.log(churn(70000));
  gc();
  console.log(holder.field.who);
  console.log(arr[1].who);
  console.log(map.get("k").who, map.get(mapKey), mapKey.who);
  for (const s of set) console.log(s.who);
  console.log(wm.get(wmKey).who);
  console.log(closure());
  console.log((outer as any).who);
  console.log(typeof (byHandler as any).get, (Object.getPrototypeOf(byHandler) === Object.prototype));
  console.log(g.next().value);
  console.log(await inBoxCell());
  await reaction;
  console.log(fromReaction);
}

main();
