// The Web API side of perry:http: Request, Response, Headers, URL and
// Uint8Array as handlers use them (compiler/tests/http.rs).
import { serve } from "perry:http";

const server = serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    switch (url.pathname) {
      case "/text":
        return new Response("hi", { status: 201, headers: { "x-a": "1" } });
      case "/json":
        return Response.json({ a: [1, 2] }, { status: 202 });
      case "/echo":
        return new Response(await req.text(), { headers: { "content-type": req.headers.get("content-type") ?? "none" } });
      case "/post-json": {
        const body = await req.json();
        return Response.json({ got: body });
      }
      case "/headers": {
        const h = new Headers();
        h.append("set-cookie", "a=1");
        h.append("set-cookie", "b=2");
        h.set("x-b", "2");
        return new Response(null, { status: 204, headers: h });
      }
      case "/request-headers":
        return new Response([...req.headers.keys()].filter((k) => k.startsWith("x-")).join(","));
      case "/bytes":
        return new Response(new Uint8Array([104, 105]));
      case "/query":
        return new Response(url.searchParams.get("q") ?? "none");
      case "/method":
        return new Response(req.method);
    }
    return new Response("not found", { status: 404 });
  },
});
console.log(`listening ${server.port}`);
