// `{ __proto__: proxy }` makes the proxy the literal's prototype. The
// router below is built the way itty-router builds its own: a plain object
// whose prototype is `new Proxy({}, { get: (target, prop, receiver) => ... })`
// that makes a route-registering method for any verb it is asked for.

type Handler = (req: { method: string; url: string; params: Record<string, string> }) => unknown;
const trace: string[] = [];

function Router({ base = "", routes = [] as [string, RegExp, Handler[]][] } = {}) {
  return {
    __proto__: new Proxy({}, {
      get: (_target, prop: string | symbol, receiver: any) => {
        trace.push(`get ${String(prop)}`);
        return (route: string, ...handlers: Handler[]) => {
          const re = RegExp(
            `^${(base + route)
              .replace(/(\/?)\*/g, "($1.*)?")
              .replace(/\/$/, "")
              .replace(/:(\w+)(\?)?(\.)?/g, "$2(?<$1>[^/]+)$2$3")
              .replace(/\.(?=[\w(])/, "\\.")}/*$`,
          );
          routes.push([String(prop).toUpperCase(), re, handlers]);
          return receiver;
        };
      },
    }),
    routes,
    async handle(req: { method: string; url: string; params?: Record<string, string> }) {
      const path = new URL(req.url).pathname;
      for (const [method, re, handlers] of routes) {
        const match = path.match(re);
        if ((method === req.method || method === "ALL") && match) {
          const r = { method: req.method, url: req.url, params: { ...(match.groups ?? {}) } };
          for (const h of handlers) {
            const out = await h(r);
            if (out !== undefined) return out;
          }
        }
      }
      return "404";
    },
  } as any;
}

const router = Router({ base: "/api" });
router
  .get("/items/:id", (r: any) => `item ${r.params.id}`)
  .post("/items", () => "created")
  .all("*", () => "fallback");
console.log("routes", router.routes.map((r: any) => r[0]).join(","));
console.log("own keys", Object.keys(router).join(","));
console.log("proto is proxy-backed", typeof Object.getPrototypeOf(router).anything);
console.log("in", "get" in router, "routes" in router);
console.log(trace.join(", "));
trace.length = 0;

async function main() {
  for (const [method, url] of [["GET", "http://x/api/items/42"], ["POST", "http://x/api/items"], ["DELETE", "http://x/api/other"]]) {
    console.log(method, url, "->", await router.handle({ method, url }));
  }
  // A `then` read on the router goes to the proxy too (await asks for it).
  const r2 = Router();
  const v = await Promise.resolve(1).then(() => ({ router: r2 }));
  console.log("wrapped", typeof v.router.then);
  console.log(trace.join(", "));
}
main();

// Other literal forms: null, a non-object (ignored), a computed key and a
// shorthand are not the prototype.
const p = new Proxy({ inherited: "yes" }, {});
const lit: any = { __proto__: p, own: 1 };
console.log("literal", lit.inherited, lit.own, Object.getPrototypeOf(lit) === p);
const nul: any = { __proto__: null };
console.log("null proto", Object.getPrototypeOf(nul));
const num: any = { __proto__: 5 };
console.log("number ignored", Object.getPrototypeOf(num) === Object.prototype);
const computed: any = { ["__proto__"]: p };
console.log("computed", Object.getPrototypeOf(computed) === Object.prototype, computed.__proto__ === p);
