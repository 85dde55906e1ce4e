// server.stop() from a handler: the listener closes, the response still
// goes out, the stop promise fulfils, and the process ends by itself.
import { serve } from "perry:http";

let count = 0;
const server = serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(req) {
    count++;
    if (req.url.endsWith("/stop")) {
      server.stop().then(() => console.log(`stopped after ${count} requests`));
      return new Response("stopping");
    }
    return new Response(`ok ${count}`);
  },
});
console.log(`listening ${server.port}`);
