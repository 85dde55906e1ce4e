// A realistic workload: the App-Route fixture's echo handler
// (fixtures/app-route/app/api/echo/route.ts) called in-process N times, as
// `perry compile --app` serves it, minus the HTTP server. Each call builds a
// Web Request (URL with a query string, x-request-id and cookie headers),
// runs the handler, given a NextRequest, inside next/headers' runWithRequest (an
// AsyncLocalStorage store whose Proxy adapters are made on first use, from Perry's
// next/headers, compiler/builtins/perry_next_headers.ts) with the `{ params }` context the
// router passes (its own routeParams, from compiler/builtins/perry_app_router.ts), then
// reads the Response
// (status, headers, `await res.json()` or `await res.text()`), checks every
// header and body against what the handler must have written, and folds the
// statuses, the checksums the handler computed and the body lengths into the
// line it prints. The handler's async checksum chain (lib/checksum.ts) runs
// 20 to 24 terms per request.
//
// The handler below is the route's `echo` with one change: the route sleeps
// 1 ms (`await sleep(1)`) between reading x-request-id before and after an
// await; here that await is of a resolved promise, so the context still has
// to survive a suspension but no timer runs (10^5 timers of 1 ms would
// measure the clock). The rest is the route's code, and the library code is
// imported from the fixture itself.
//
// N = process.argv[2], default 10^5.
// quick size: 2000
import { checksum } from "../fixtures/app-route/lib/checksum";
import { cookies, headers, runWithRequest } from "perry:next/headers";
import { NextRequest, NextResponse } from "perry:next/server";
import { routeParams, type RouteContext } from "../compiler/builtins/perry_app_router";

const N = (process.argv.length > 2 ? Number(process.argv[2]) : 100000) | 0;

// --- fixtures/app-route/app/api/echo/route.ts, without the 1 ms sleep ---

const MAX_ITERATIONS = 1000000;

function parseIterations(text: string | null): number | null {
  if (text === null) return 0;
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) && n >= 0 && n <= MAX_ITERATIONS ? n : null;
}

async function echo(request: NextRequest, method: "GET" | "POST"): Promise<Response> {
  const { pathname, searchParams: query } = request.nextUrl;
  const id = query.get("id");
  const iterations = parseIterations(query.get("iterations"));
  if (id === null || id === "") return Response.json({ error: "id: required" }, { status: 400 });
  if (iterations === null) return Response.json({ error: `iterations: expected an integer from 0 to ${MAX_ITERATIONS}` }, { status: 400 });

  const beforeAwait = (await headers()).get("x-request-id");
  await Promise.resolve(); // the route: await sleep(1)
  const afterAwait = (await headers()).get("x-request-id");
  const requestBody = method === "POST" ? await request.text() : null;
  const sum = await checksum(iterations);

  (await cookies()).set("perry_ctx", id, { path: "/", httpOnly: true });
  return NextResponse.json(
    {
      runtime: process.release.name,
      method,
      pathname,
      id,
      iterations,
      checksum: sum,
      beforeAwait,
      afterAwait,
      requestBody,
    },
    { status: 207, headers: { "x-perry-repro": id } },
  );
}

async function GET(request: NextRequest, _context: RouteContext) {
  return echo(request, "GET");
}

// --- the driver ---

/** Throws unless `actual` is `expected`: a wrong response is an error, not a checksum. */
function expect(i: number, what: string, actual: string | null, expected: string | null): void {
  if (actual !== expected) throw new Error(`request ${i}: ${what} is ${JSON.stringify(actual)}, expected ${JSON.stringify(expected)}`);
}

async function main(): Promise<void> {
  let statuses = 0;
  let sums = 0;
  let chars = 0;
  for (let i = 0; i < N; i++) {
    // One request in 100 has a bad `iterations` (the handler's 400 path).
    const bad = i % 100 === 99;
    const iterations = bad ? "many" : String(20 + (i % 5));
    const request = new Request(`http://127.0.0.1:3000/api/echo?id=req-${i}&iterations=${iterations}`, {
      headers: { "x-request-id": `rid-${i}`, cookie: `theme=dark; perry_ctx=old-${i % 7}`, "user-agent": "bench" },
    });
    // What the router's handleRequest does for a matched route.
    const context: RouteContext = { params: routeParams({}) };
    const handlerRequest = new NextRequest(request);
    const invoke = async (): Promise<Response> => (await GET(handlerRequest, context)) as Response;
    const res = await runWithRequest(handlerRequest, invoke);

    statuses += res.status;
    expect(i, "content-type", res.headers.get("content-type"), "application/json");
    expect(i, "x-perry-repro", res.headers.get("x-perry-repro"), bad ? null : `req-${i}`);
    expect(i, "set-cookie", res.headers.get("set-cookie"), bad ? null : `perry_ctx=req-${i}; Path=/; HttpOnly`);
    // Half the bodies are read as text and parsed, half with res.json().
    const body = (i & 1) === 0 ? JSON.parse(await res.text()) : await res.json();
    // `runtime` names the engine ("perry" or "node"); the rest must be what
    // the handler wrote, in its order.
    if (!bad && typeof body.runtime !== "string") throw new Error(`request ${i}: no runtime`);
    delete body.runtime;
    const text = JSON.stringify(body);
    expect(
      i,
      "the body",
      text,
      bad
        ? `{"error":"iterations: expected an integer from 0 to 1000000"}`
        : `{"method":"GET","pathname":"/api/echo","id":"req-${i}","iterations":${iterations},"checksum":${body.checksum},"beforeAwait":"rid-${i}","afterAwait":"rid-${i}","requestBody":null}`,
    );
    chars += text.length;
    if (!bad) sums += body.checksum;
  }
  console.log(N, statuses, sums, chars);
}

main();
