// The server compiler/tests/http.rs drives: one route per behaviour
// it checks. Prints "listening <port>" once bound.
import { serve } from "perry:http";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const server = serve({
  port: 0,
  hostname: "127.0.0.1",
  maxRequestBodySize: 64 * 1024,
  // Not async: "/throw" throws synchronously, the rest returns promises.
  fetch(req) {
    const url = req.url;
    const path = url.slice(url.indexOf("/", "http://".length));
    if (path === "/throw") {
      throw new Error("boom");
    }
    if (path === "/reject") {
      return Promise.reject(new TypeError("rejected boom"));
    }
    return route(req, path);
  },
});

async function route(req: any, path: string): Promise<any> {
  const url = req.url;
  if (path === "/hello") {
    return new Response("hello", { headers: { "x-test": "1" } });
  }
  if (path === "/echo") {
    const body = await req.text();
    return new Response(body, { status: 201, headers: { "content-type": req.headers.get("content-type") ?? "none", "x-method": req.method } });
  }
  if (path === "/headers") {
    return new Response(`custom=${req.headers.get("X-Custom")} missing=${req.headers.get("x-missing")} has=${req.headers.has("x-custom")}`);
  }
  if (path === "/json") {
    return Response.json({ ok: true, list: [1, 2, 3] });
  }
  if (path.startsWith("/status/")) {
    return new Response("", { status: Number(path.slice("/status/".length)) });
  }
  if (path.startsWith("/id/")) {
    // A short, id-dependent wait so that responses complete out of order.
    const id = Number(path.slice("/id/".length));
    await sleep(id % 7);
    return new Response(`id=${id}`);
  }
  if (path.startsWith("/url")) {
    return new Response(url);
  }
  if (path === "/slow") {
    await sleep(1000);
    return new Response("slow done");
  }
  if (path === "/undefined") {
    return undefined;
  }
  if (path === "/number") {
    return 42;
  }
  if (path === "/async-throw") {
    await sleep(1);
    throw new RangeError("async boom");
  }
  return new Response("not found", { status: 404 });
}

console.log(`listening ${server.port}`);
