// perry:app-router: the router of servers built with `perry compile --app DIR`
// (Next.js App Router conventions for route handlers).
//
// The compiler scans DIR/app/**/route.ts and generates an entry module that
// imports each route module as a namespace and calls
//
//   startApp([{ path: "/api/items/[id]", file: "app/api/items/[id]/route.ts", module }, ...],
//            { serve, requestScope, NextRequest, runWithRequest });
//
// `path` is the URL pattern with route groups and private folders already
// removed. `serve` is perry:http's (a Node host passes one over node:http;
// a host whose server binds asynchronously may return a promise of the
// server). `requestScope` is next/headers' (perry:next/headers): it makes the
// request the one headers() and cookies() see while the handler runs, and
// adds the cookies the handler set to its response. `NextRequest` is
// next/server's: handlers receive one, as in Next. `runWithRequest`, when the
// app provides it (DIR/request-context.ts), wraps all that, so the app can
// enter per-request state of its own (AsyncLocalStorage) and post-process the
// response.
//
// Everything up to handleRequest is pure (no Web globals, no I/O) so that the
// matcher can be unit-tested by a conformance program and run unchanged
// under Node.

/** The methods a route module may export, in Next's order. */
export const METHODS: string[] = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];

/** Route parameter values: a string for `[id]`, an array for `[...slug]`. */
export type Params = { [name: string]: string | string[] };

/** What a handler receives as its second argument. */
export interface RouteContext {
  /** The parameters; also thenable (Next 15 passes a promise): `await params` works. */
  params: Params;
}

export type Handler = (request: Request, context: RouteContext) => unknown;

export interface RouteEntry {
  /** URL pattern, e.g. "/api/items/[id]" or "/docs/[[...slug]]". */
  path: string;
  /** The route module's file relative to the app directory, for messages. */
  file: string;
  /** The module namespace object. */
  module: { [name: string]: unknown };
}

export type Segment =
  | { kind: "static"; value: string }
  | { kind: "dynamic"; name: string }
  | { kind: "catchAll"; name: string }
  | { kind: "optionalCatchAll"; name: string };

export interface Route {
  path: string;
  file: string;
  module: { [name: string]: unknown };
  /** Exported handler methods, in METHODS order. */
  methods: string[];
  /** The Allow header value: exported methods, HEAD if GET is, OPTIONS; sorted. */
  allow: string;
}

interface Node {
  statics: Map<string, Node>;
  dynamic: Node | null;
  dynamicName: string;
  catchAll: Route | null;
  catchAllName: string;
  optionalCatchAll: Route | null;
  optionalCatchAllName: string;
  route: Route | null;
}

export interface Router {
  root: Node;
  routes: Route[];
}

/** One folder name of a pattern: `[id]`, `[...slug]`, `[[...slug]]` or a static name. */
export function parseSegment(text: string): Segment {
  if (text.startsWith("[[...") && text.endsWith("]]")) {
    return { kind: "optionalCatchAll", name: checkName(text.slice(5, -2), text) };
  }
  if (text.startsWith("[...") && text.endsWith("]")) {
    return { kind: "catchAll", name: checkName(text.slice(4, -1), text) };
  }
  if (text.startsWith("[") && text.endsWith("]")) {
    return { kind: "dynamic", name: checkName(text.slice(1, -1), text) };
  }
  if (text === "" || text.includes("[") || text.includes("]")) {
    throw new Error(`invalid route segment '${text}'`);
  }
  return { kind: "static", value: text };
}

function checkName(name: string, text: string): string {
  if (name === "" || name.includes("[") || name.includes("]") || name.includes(".")) {
    throw new Error(`invalid route segment '${text}'`);
  }
  return name;
}

/** The segments of a URL pattern ("/" has none). */
export function parsePattern(path: string): Segment[] {
  if (!path.startsWith("/")) throw new Error(`route pattern '${path}' does not start with '/'`);
  if (path === "/") return [];
  const segments = path.slice(1).split("/").map(parseSegment);
  const names: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i];
    if (s.kind === "static") continue;
    if ((s.kind === "catchAll" || s.kind === "optionalCatchAll") && i !== segments.length - 1) {
      throw new Error(`route pattern '${path}': a catch-all segment must be the last one`);
    }
    if (names.includes(s.name)) throw new Error(`route pattern '${path}' uses the parameter name '${s.name}' twice`);
    names.push(s.name);
  }
  return segments;
}

/** The exported handler methods of a route module, in METHODS order. */
export function exportedMethods(module: { [name: string]: unknown }): string[] {
  return METHODS.filter((m) => typeof module[m] === "function");
}

/**
 * The Allow header of a route, as Next computes it for an automatic OPTIONS
 * response: the exported methods, HEAD when GET is exported, and OPTIONS
 * (answered automatically when not exported); sorted, comma-separated.
 */
export function allowHeader(methods: string[]): string {
  const allow = methods.slice();
  if (!allow.includes("OPTIONS")) allow.push("OPTIONS");
  if (!allow.includes("HEAD") && allow.includes("GET")) allow.push("HEAD");
  return allow.sort().join(", ");
}

function newNode(): Node {
  return {
    statics: new Map(),
    dynamic: null,
    dynamicName: "",
    catchAll: null,
    catchAllName: "",
    optionalCatchAll: null,
    optionalCatchAllName: "",
    route: null,
  };
}

function conflict(a: Route, b: Route, why: string): Error {
  return new Error(`routes ${a.file} and ${b.file} conflict: ${why}`);
}

/**
 * Builds the matching tree. Throws when two routes conflict the way Next
 * refuses them: the same path twice, different parameter names at one
 * position, a required and an optional catch-all at one level, or an
 * optional catch-all beside a route for its parent path.
 */
export function compileRoutes(entries: RouteEntry[]): Router {
  const root = newNode();
  const routes: Route[] = [];
  for (const e of entries) {
    const methods = exportedMethods(e.module);
    const route: Route = { path: e.path, file: e.file, module: e.module, methods, allow: allowHeader(methods) };
    routes.push(route);
    const segments = parsePattern(e.path);
    let node = root;
    for (const s of segments) {
      if (s.kind === "static") {
        let next = node.statics.get(s.value);
        if (next === undefined) {
          next = newNode();
          node.statics.set(s.value, next);
        }
        node = next;
      } else if (s.kind === "dynamic") {
        if (node.dynamic === null) {
          node.dynamic = newNode();
          node.dynamicName = s.name;
        } else if (node.dynamicName !== s.name) {
          throw new Error(`route ${e.file}: different parameter names ('${node.dynamicName}' and '${s.name}') for the same dynamic path`);
        }
        node = node.dynamic;
      } else if (s.kind === "catchAll") {
        if (node.catchAll !== null) throw conflict(node.catchAll, route, "both match the same paths");
        if (node.optionalCatchAll !== null) throw conflict(node.optionalCatchAll, route, "a required and an optional catch-all at the same level");
        node.catchAll = route;
        node.catchAllName = s.name;
      } else {
        if (node.optionalCatchAll !== null) throw conflict(node.optionalCatchAll, route, "both match the same paths");
        if (node.catchAll !== null) throw conflict(node.catchAll, route, "a required and an optional catch-all at the same level");
        if (node.route !== null) throw conflict(node.route, route, "an optional catch-all also matches its parent path");
        node.optionalCatchAll = route;
        node.optionalCatchAllName = s.name;
      }
      if (s.kind === "catchAll" || s.kind === "optionalCatchAll") break;
    }
    const last = segments.pop();
    if (last === undefined || last.kind === "static" || last.kind === "dynamic") {
      if (node.route !== null) throw conflict(node.route, route, "both match the same path");
      if (node.optionalCatchAll !== null) throw conflict(node.optionalCatchAll, route, "an optional catch-all also matches its parent path");
      node.route = route;
    }
  }
  return { root, routes };
}

export interface Match {
  route: Route;
  params: Params;
}

/**
 * Finds the route for a path's decoded segments. At each level a static
 * name wins over a `[param]`, which wins over `[...catchAll]`, which wins
 * over `[[...optional]]`; when the preferred branch fails further down, the
 * next one is tried (the first match in Next's sorted route order).
 */
export function matchSegments(router: Router, segments: string[]): Match | null {
  const params: Params = {};
  const route = walk(router.root, segments, 0, params);
  return route === null ? null : { route, params };
}

function walk(node: Node, segments: string[], i: number, params: Params): Route | null {
  if (i === segments.length) {
    if (node.route !== null) return node.route;
    if (node.optionalCatchAll !== null) return node.optionalCatchAll;
    return null;
  }
  const seg = segments[i];
  const next = node.statics.get(seg);
  if (next !== undefined) {
    const r = walk(next, segments, i + 1, params);
    if (r !== null) return r;
  }
  if (node.dynamic !== null) {
    params[node.dynamicName] = seg;
    const r = walk(node.dynamic, segments, i + 1, params);
    if (r !== null) return r;
    delete params[node.dynamicName];
  }
  if (node.catchAll !== null) {
    params[node.catchAllName] = segments.slice(i);
    return node.catchAll;
  }
  if (node.optionalCatchAll !== null) {
    params[node.optionalCatchAllName] = segments.slice(i);
    return node.optionalCatchAll;
  }
  return null;
}

/** What the router does with a request, before any handler runs. */
export type Decision =
  | { kind: "route"; route: Route; params: Params; handler: string; head: boolean }
  | { kind: "options"; allow: string }
  | { kind: "methodNotAllowed"; allow: string }
  | { kind: "notFound" }
  | { kind: "badRequest" }
  | { kind: "redirect"; pathname: string };

/**
 * Routes `method` and `pathname` (as in a URL: percent-encoded, starting
 * with "/"):
 * - a trailing slash redirects (308) to the path without it, as Next does;
 * - no route: 404; an empty segment ("//") matches nothing;
 * - a method outside METHODS: 400, as Next answers;
 * - HEAD without a HEAD export runs GET (the body is dropped);
 * - OPTIONS without an OPTIONS export: 204 with Allow;
 * - any other method the route does not export: 405 with Allow (Next sends
 *   no Allow; RFC 9110 requires one).
 * Each segment is percent-decoded before matching; a malformed escape is a 400.
 */
export function decide(router: Router, method: string, pathname: string): Decision {
  if (!pathname.startsWith("/")) return { kind: "badRequest" };
  if (pathname.length > 1 && pathname.endsWith("/")) {
    let end = pathname.length;
    while (end > 1 && pathname[end - 1] === "/") end--;
    return { kind: "redirect", pathname: pathname.slice(0, end) };
  }
  const raw = pathname === "/" ? [] : pathname.slice(1).split("/");
  const segments: string[] = [];
  for (const s of raw) {
    if (s === "") return { kind: "notFound" };
    try {
      segments.push(decodeURIComponent(s));
    } catch {
      return { kind: "badRequest" };
    }
  }
  const m = matchSegments(router, segments);
  if (m === null) return { kind: "notFound" };
  const route = m.route;
  if (!METHODS.includes(method)) return { kind: "badRequest" };
  if (route.methods.includes(method)) return { kind: "route", route, params: m.params, handler: method, head: method === "HEAD" };
  if (method === "HEAD" && route.methods.includes("GET")) return { kind: "route", route, params: m.params, handler: "GET", head: true };
  if (method === "OPTIONS") return { kind: "options", allow: route.allow };
  return { kind: "methodNotAllowed", allow: route.allow };
}

/**
 * The `params` a handler receives: the values as own enumerable properties
 * (Next 14 reads `params.id`) and a non-enumerable `then` (Next 15 awaits
 * `params`), which resolves to a plain copy without `then`.
 */
export function routeParams(values: Params): Params {
  const params: Params = {};
  const plain: Params = {};
  for (const k of Object.keys(values)) {
    params[k] = values[k];
    plain[k] = values[k];
  }
  Object.defineProperty(params, "then", {
    value: (onFulfilled?: (p: Params) => unknown, onRejected?: (e: unknown) => unknown) => Promise.resolve(plain).then(onFulfilled, onRejected),
    enumerable: false,
    writable: true,
    configurable: true,
  });
  return params;
}

export interface ListenOptions {
  port: number;
  hostname: string;
}

/**
 * The server's address from its command line (`--port N`, `--hostname H`,
 * also `--port=N`) and environment (`PORT`): port 3000 and 127.0.0.1 unless
 * told otherwise. Throws an Error with a usage message on a bad argument.
 */
export function listenOptions(args: string[], env: { [name: string]: string | undefined }): ListenOptions {
  let port: string | undefined = env.PORT !== undefined && env.PORT !== "" ? env.PORT : undefined;
  let hostname = "127.0.0.1";
  for (let i = 0; i < args.length; i++) {
    let arg = args[i];
    let value: string | undefined;
    const eq = arg.indexOf("=");
    if (arg.startsWith("--") && eq > 0) {
      value = arg.slice(eq + 1);
      arg = arg.slice(0, eq);
    }
    if (arg !== "--port" && arg !== "--hostname") throw new Error(`unknown argument '${args[i]}' (usage: [--port N] [--hostname H])`);
    if (value === undefined) {
      if (i + 1 >= args.length) throw new Error(`${arg} needs a value`);
      value = args[++i];
    }
    if (arg === "--port") port = value;
    else hostname = value;
  }
  let n = 3000;
  if (port !== undefined) {
    n = Number(port);
    if (port.trim() === "" || !Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`invalid port '${port}': expected an integer from 0 to 65535`);
  }
  if (hostname === "") throw new Error("invalid hostname ''");
  return { port: n, hostname };
}

/** `http://host:port`, with an IPv6 host in brackets. */
export function origin(hostname: string, port: number): string {
  return `http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`;
}

// ---------------------------------------------------------------------------
// Serving (uses the Web globals Request, Response, URL)
// ---------------------------------------------------------------------------

export type RunWithRequest = (request: Request, fn: () => Promise<Response>) => Promise<Response>;

export interface App {
  router: Router;
  runWithRequest: RunWithRequest | undefined;
  requestScope?: RunWithRequest;
  NextRequest?: new (request: Request) => Request;
}

export interface Server {
  port: number;
  hostname: string;
}

export interface Host {
  serve(options: { port: number; hostname: string; fetch(request: Request): Promise<Response> }): Server | Promise<Server>;
  runWithRequest?: RunWithRequest;
  requestScope?: RunWithRequest;
  NextRequest?: new (request: Request) => Request;
}

function text(status: number, body: string, headers?: { [name: string]: string }): Response {
  const h: { [name: string]: string } = { "content-type": "text/plain; charset=utf-8" };
  if (headers !== undefined) for (const k of Object.keys(headers)) h[k] = headers[k];
  return new Response(body, { status, headers: h });
}

/**
 * Answers one request: the router's own responses (404, 400, 405, 308,
 * automatic OPTIONS), or the route handler's Response. A handler that
 * throws, rejects or returns something other than a Response gets a 500,
 * and the error is logged with console.error.
 */
export async function handleRequest(app: App, request: Request): Promise<Response> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return text(400, "Bad Request");
  }
  const d = decide(app.router, request.method, url.pathname);
  switch (d.kind) {
    case "notFound":
      return text(404, "Not Found");
    case "badRequest":
      return text(400, "Bad Request");
    case "redirect":
      return new Response(null, { status: 308, headers: { location: d.pathname + url.search } });
    case "options":
      return new Response(null, { status: 204, headers: { allow: d.allow } });
    case "methodNotAllowed":
      return text(405, "Method Not Allowed", { allow: d.allow });
    case "route":
      break;
  }
  const route = d.route;
  const handler = route.module[d.handler] as Handler;
  const context: RouteContext = { params: routeParams(d.params) };
  const handlerRequest = app.NextRequest !== undefined ? new app.NextRequest(request) : request;
  const call = async (): Promise<Response> => (await handler(handlerRequest, context)) as Response;
  const scope = app.requestScope;
  const invoke = scope !== undefined ? () => scope(handlerRequest, call) : call;
  let response: unknown;
  try {
    response = app.runWithRequest !== undefined ? await app.runWithRequest(request, invoke) : await invoke();
  } catch (error) {
    console.error(`${request.method} ${url.pathname}: the ${d.handler} handler of ${route.file} threw:`, error);
    return text(500, "Internal Server Error");
  }
  if (!(response instanceof Response)) {
    console.error(`${request.method} ${url.pathname}: the ${d.handler} handler of ${route.file} returned no Response`);
    return text(500, "Internal Server Error");
  }
  if (d.head) return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  return response;
}

/** The router of a set of routes, with the app's per-request wrapper. */
export function createApp(entries: RouteEntry[], host: Pick<Host, "runWithRequest" | "requestScope" | "NextRequest"> = {}): App {
  return { router: compileRoutes(entries), runWithRequest: host.runWithRequest, requestScope: host.requestScope, NextRequest: host.NextRequest };
}

/**
 * The server's main: reads the address from the command line and the
 * environment, starts `host.serve`, and prints
 * `listening on http://HOST:PORT` (the bound port, so `--port 0` tells the
 * caller which one it got) on stdout. A bad argument exits with status 2.
 */
export async function startApp(entries: RouteEntry[], host: Host): Promise<void> {
  let options: ListenOptions;
  try {
    options = listenOptions(process.argv.slice(2), process.env);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(2);
    return;
  }
  const app = createApp(entries, host);
  const server = await host.serve({ port: options.port, hostname: options.hostname, fetch: (request: Request) => handleRequest(app, request) });
  console.log(`listening on ${origin(options.hostname, server.port)}`);
}
