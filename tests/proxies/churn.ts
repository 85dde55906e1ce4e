// N short-lived proxies, each read once through a `get` trap: the registry
// frees dead proxies' ids at full collections, so live proxies stay bounded
// (at most the 65,536-id band) and RSS flat whatever N is.
//
//   perry compile tests/proxies/churn.ts -o churn && PERRY_GC_DIAG=1 ./churn 10000000

const N = Number(process.argv[2] ?? "1000000");
const handler = {
  get(t: { v: number }, k: string | symbol) {
    return k === "v" ? t.v * 2 : undefined;
  },
};
let sum = 0;
for (let i = 0; i < N; i++) {
  const p = new Proxy({ v: i & 1023 }, handler);
  sum = (sum + p.v) % 1000000007;
}
console.log(N, sum);
