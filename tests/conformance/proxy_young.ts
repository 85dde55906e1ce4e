// Young proxies (runtime binding/proxies.rs): a minor collection frees the
// proxies nothing reaches, so every place a live program keeps one must be
// found: old objects' fields and array elements (the write barrier logs
// proxy stores), Map and Set entries, closures, class fields, WeakMap
// values, promises, and proxies held only by other proxies.
const holders: any[] = [];
for (let i = 0; i < 100; i++) holders.push({ id: i, p: null as any, list: [] as any[] });
const map = new Map<number, any>();
const set = new Set<any>();
const weak = new WeakMap<object, any>();
class Box { constructor(public inner: any) {} }
const boxes: Box[] = [];
let captured: any = null;
const getCaptured = () => captured;
let garbage = 0;
function churn(n: number): void {
  for (let i = 0; i < n; i++) {
    const junk = { a: i, b: [i, i + 1, i + 2], c: "s" + (i % 97) };
    garbage += junk.b.length;
  }
}
const trapCalls: Record<string, number> = {};
function make(v: number): any {
  return new Proxy({ v, nested: { w: v * 2 } }, {
    get(t: any, k: string | symbol, r: any) {
      const key = String(k);
      trapCalls[key] = (trapCalls[key] || 0) + 1;
      return Reflect.get(t, k, r);
    },
  });
}
let pending: Promise<any>[] = [];
let temporaries = 0;
for (let round = 0; round < 20; round++) {
  for (let j = 0; j < 20; j++) {
    const n = round * 20 + j;
    const p = make(n);
    // A proxy that dies at once, beside the kept ones.
    temporaries += make(n + 1).nested.w;
    switch (n % 8) {
      case 0: holders[n % 100].p = p; break;
      case 1: holders[n % 100].list.push(p); break;
      case 2: map.set(n, p); break;
      case 3: set.add(p); break;
      case 4: weak.set(holders[n % 100], p); break;
      case 5: boxes.push(new Box(p)); break;
      case 6: captured = p; break;
      case 7: pending.push(Promise.resolve(p)); break;
    }
    // A proxy held only by another proxy's target or handler.
    if (n % 10 === 0) holders[(n + 1) % 100].chain = new Proxy(new Proxy({ deep: n }, {}), {});
  }
  churn(300);
}
let sum = 0;
for (const h of holders) {
  if (h.p) sum += h.p.v + h.p.nested.w;
  for (const p of h.list) sum += p.v;
  if (weak.has(h)) sum += weak.get(h).v;
  if (h.chain) sum += h.chain.deep;
}
for (const p of map.values()) sum += p.v;
for (const p of set) sum += p.v;
for (const b of boxes) sum += b.inner.v;
sum += getCaptured().v;
Promise.all(pending).then((ps) => {
  let s2 = 0;
  for (const p of ps) s2 += p.v;
  console.log("sum", sum, "promised", s2, ps.length, "garbage", garbage, "temporaries", temporaries);
  console.log("traps", Object.keys(trapCalls).sort().join(","), trapCalls.v > 1000);
});
// Revoked proxies die young too; using one still throws.
const { proxy, revoke } = Proxy.revocable({ x: 1 }, {});
holders[0].revoked = proxy;
revoke();
churn(2000);
try {
  holders[0].revoked.x;
} catch (e) {
  console.log("revoked", (e as Error).constructor.name);
}
