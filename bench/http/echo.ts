// The HTTP benchmark's server (bench/http.sh): GET answers with the URL and
// the User-Agent, POST echoes the body. Under Node, "perry:http" is replaced
// by node_serve.ts (the same serve() over node:http).
import { serve } from "perry:http";
import { R } from "./response.ts";

const server = serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: "127.0.0.1",
  async fetch(req) {
    if (req.method === "POST") {
      return new R(await req.text(), { headers: { "content-type": "text/plain" } });
    }
    return new R(`hello ${req.url} ${req.headers.get("user-agent") ?? ""}`, { headers: { "content-type": "text/plain" } });
  },
});
console.log(`listening ${server.port}`);
