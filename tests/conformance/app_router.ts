// The matcher of perry:app-router (the router of `perry compile --app`
// servers), without a server: route tables in, decisions out. Under Node,
// tests/gen-expected.sh runs the same built-in source.
import {
  allowHeader,
  compileRoutes,
  decide,
  listenOptions,
  origin,
  parsePattern,
  routeParams,
  type Decision,
  type RouteEntry,
} from "perry:app-router";

const h = () => new Response(null);
const mod = (...methods: string[]) => {
  const m: { [name: string]: unknown } = { dynamic: "force-dynamic" };
  for (const name of methods) m[name] = h;
  return m;
};

const entries: RouteEntry[] = [
  { path: "/", file: "app/route.ts", module: mod("GET") },
  { path: "/api/echo", file: "app/api/echo/route.ts", module: mod("GET", "POST") },
  { path: "/api/items", file: "app/api/items/route.ts", module: mod("GET", "POST", "OPTIONS") },
  { path: "/api/items/[id]", file: "app/api/items/[id]/route.ts", module: mod("GET", "DELETE") },
  { path: "/api/items/stats", file: "app/api/items/stats/route.ts", module: mod("GET") },
  { path: "/api/items/[id]/tags/[tag]", file: "app/api/items/[id]/tags/[tag]/route.ts", module: mod("PUT", "PATCH") },
  { path: "/api/files/[...path]", file: "app/api/files/[...path]/route.ts", module: mod("GET") },
  { path: "/api/docs/[[...slug]]", file: "app/api/docs/[[...slug]]/route.ts", module: mod("GET", "HEAD") },
  { path: "/health", file: "app/(site)/health/route.ts", module: mod("GET") },
  { path: "/a/[x]/c", file: "app/a/[x]/c/route.ts", module: mod("GET") },
  { path: "/a/b/[y]/d", file: "app/a/b/[y]/d/route.ts", module: mod("GET") },
  { path: "/a/[x]/[...rest]", file: "app/a/[x]/[...rest]/route.ts", module: mod("GET") },
  { path: "/empty", file: "app/empty/route.ts", module: mod() },
];
const router = compileRoutes(entries);

function show(d: Decision): string {
  switch (d.kind) {
    case "route":
      return `route ${d.route.file} ${d.handler}${d.head ? " (head)" : ""} ${JSON.stringify(d.params)}`;
    case "options":
    case "methodNotAllowed":
      return `${d.kind} allow=[${d.allow}]`;
    case "redirect":
      return `redirect ${d.pathname}`;
    default:
      return d.kind;
  }
}

console.log("-- allow headers");
for (const r of router.routes) console.log(r.file, JSON.stringify(r.methods), r.allow);
console.log(allowHeader([]), "|", allowHeader(["HEAD"]), "|", allowHeader(["GET", "HEAD", "OPTIONS"]));

console.log("-- decisions");
const requests: [string, string][] = [
  ["GET", "/"],
  ["GET", "/api/echo"],
  ["POST", "/api/echo"],
  ["HEAD", "/api/echo"],
  ["OPTIONS", "/api/echo"],
  ["PUT", "/api/echo"],
  ["DELETE", "/api/echo"],
  ["TRACE", "/api/echo"],
  ["get", "/api/echo"],
  ["GET", "/api/echo/"],
  ["GET", "/api/echo///"],
  ["GET", "/api//echo"],
  ["GET", "/api/echo/extra"],
  ["GET", "/api/ech%6F"],
  ["GET", "/api/%E0%A4%A"],
  ["GET", "api/echo"],
  ["GET", "/nope"],
  ["TRACE", "/nope"],
  ["OPTIONS", "/api/items"],
  ["PATCH", "/api/items"],
  ["GET", "/api/items/42"],
  ["DELETE", "/api/items/42"],
  ["HEAD", "/api/items/42"],
  ["OPTIONS", "/api/items/42"],
  ["POST", "/api/items/42"],
  ["GET", "/api/items/stats"],
  ["DELETE", "/api/items/stats"],
  ["GET", "/api/items/a%20b%2Fc"],
  ["PUT", "/api/items/7/tags/red"],
  ["GET", "/api/items/7/tags/red"],
  ["GET", "/api/items/7/tags"],
  ["GET", "/api/files"],
  ["GET", "/api/files/a"],
  ["GET", "/api/files/a/b/c.txt"],
  ["GET", "/api/docs"],
  ["GET", "/api/docs/intro"],
  ["HEAD", "/api/docs/x/y"],
  ["GET", "/health"],
  ["GET", "/(site)/health"],
  ["GET", "/a/b/c"],
  ["GET", "/a/b/z/d"],
  ["GET", "/a/b/z/e"],
  ["GET", "/a/q/c"],
  ["GET", "/a/q/r/s"],
  ["GET", "/a/q"],
  ["GET", "/empty"],
  ["OPTIONS", "/empty"],
  ["HEAD", "/empty"],
];
for (const [method, path] of requests) console.log(method, path, "->", show(decide(router, method, path)));

console.log("-- params");
const d = decide(router, "GET", "/api/items/9");
if (d.kind === "route") {
  const p = routeParams(d.params);
  console.log(JSON.stringify(p), Object.keys(p), p.id, typeof (p as { then?: unknown }).then, "then" in p);
  const q = routeParams({ slug: ["a", "b"] });
  (async () => {
    const awaited = await (p as unknown as Promise<{ id: string }>);
    console.log("awaited", JSON.stringify(awaited), awaited.id, "then" in awaited, awaited === (p as unknown));
    const { slug } = await (q as unknown as Promise<{ slug: string[] }>);
    console.log("awaited slug", slug.join("/"));
  })();
}

console.log("-- patterns");
for (const p of ["/", "/a/[b]/[...c]", "/x/[[...y]]", "/a/[b]/[b]", "/a/[...b]/c", "/a/[]", "/a/[x", "/a/[.x]", "a", "/a//b"]) {
  try {
    console.log(p, JSON.stringify(parsePattern(p)));
  } catch (e) {
    console.log(p, "error:", (e as Error).message);
  }
}

console.log("-- conflicts");
const conflicts: RouteEntry[][] = [
  [
    { path: "/a/[id]", file: "app/a/[id]/route.ts", module: mod("GET") },
    { path: "/a/[slug]/b", file: "app/a/[slug]/b/route.ts", module: mod("GET") },
  ],
  [
    { path: "/x", file: "app/(one)/x/route.ts", module: mod("GET") },
    { path: "/x", file: "app/(two)/x/route.ts", module: mod("GET") },
  ],
  [
    { path: "/d/[...a]", file: "app/d/[...a]/route.ts", module: mod("GET") },
    { path: "/d/[[...a]]", file: "app/d/[[...a]]/route.ts", module: mod("GET") },
  ],
  [
    { path: "/d", file: "app/d/route.ts", module: mod("GET") },
    { path: "/d/[[...a]]", file: "app/d/[[...a]]/route.ts", module: mod("GET") },
  ],
  [
    { path: "/d/[[...a]]", file: "app/d/[[...a]]/route.ts", module: mod("GET") },
    { path: "/d", file: "app/d/route.ts", module: mod("GET") },
  ],
];
for (const c of conflicts) {
  try {
    compileRoutes(c);
    console.log("no conflict");
  } catch (e) {
    console.log("error:", (e as Error).message);
  }
}

console.log("-- listen options");
const argSets: [string[], { [name: string]: string | undefined }][] = [
  [[], {}],
  [[], { PORT: "8080" }],
  [["--port", "0"], { PORT: "8080" }],
  [["--port=4000", "--hostname", "0.0.0.0"], {}],
  [["--hostname=::1"], { PORT: "" }],
  [["--port", "65536"], {}],
  [["--port", "1.5"], {}],
  [["--port", " "], {}],
  [[], { PORT: "abc" }],
  [["--port"], {}],
  [["--verbose"], {}],
  [["serve"], {}],
];
for (const [args, env] of argSets) {
  try {
    const o = listenOptions(args, env);
    console.log(JSON.stringify(args), JSON.stringify(env), "->", o.hostname, o.port, origin(o.hostname, o.port));
  } catch (e) {
    console.log(JSON.stringify(args), JSON.stringify(env), "-> error:", (e as Error).message);
  }
}
