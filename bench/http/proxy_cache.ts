// Proxy churn beside a large live heap (issue 26, bench/proxy-churn.sh): a
// server holding a cache of about 48 MB that makes one proxy per request,
// as Next's header and cookie adapters do, and reads the request's headers
// through it. PROXIES=0 serves the same without the proxy (the control).
import { serve } from "perry:http";

const cacheMb = Number(process.env.CACHE_MB ?? 48);
const useProxy = process.env.PROXIES !== "0";
const cache = new Map<number, { id: number; name: string; tags: number[] }>();
// About 160 bytes per entry in Perry's heap (the object, its array, the
// string and the map's slots).
for (let i = 0; i < (cacheMb * 1e6) / 160; i++) cache.set(i, { id: i, name: "item-" + i, tags: [i, i + 1] });

let served = 0;
const server = serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: "127.0.0.1",
  fetch(req) {
    served++;
    const plain = { ua: req.headers.get("user-agent") ?? "", path: req.url };
    const view = useProxy
      ? new Proxy(plain, { get: (t, k) => (k === "ua" ? t.ua.toUpperCase() : Reflect.get(t, k)) })
      : { ua: plain.ua.toUpperCase(), path: plain.path };
    const item = cache.get(served % cache.size)!;
    return new Response(`${view.ua} ${view.path} ${item.name} ${cache.size}`, { headers: { "content-type": "text/plain" } });
  },
});
console.log(`listening ${server.port}`);
