// A server with a short header read timeout (the slowloris defence): a
// client that does not finish its request head within 300 ms is
// disconnected. Prints "listening <port>" once bound.
import { serve } from "perry:http";

const server = serve({
  port: 0,
  hostname: "127.0.0.1",
  headersTimeout: 300,
  fetch: (req) => new Response(`ok ${req.method}`),
});
console.log(`listening ${server.port}`);
