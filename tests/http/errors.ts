// serve()'s errors: a port in use, bad options. Then the server stops and
// the process ends by itself.
import { serve } from "perry:http";

const a = serve({ port: 0, hostname: "127.0.0.1", fetch: () => undefined as any });
const attempts: any[] = [{ port: a.port, hostname: "127.0.0.1", fetch() {} }, undefined, {}, { fetch: 1 }, { fetch() {}, port: 70000 }, { fetch() {}, port: 1.5 }, { fetch() {}, maxRequestBodySize: -1 }, { fetch() {}, headersTimeout: -1 }, { fetch() {}, requestTimeout: "1s" }];
for (const options of attempts) {
  try {
    serve(options);
    console.log("no error");
  } catch (e) {
    console.log(String(e).replace(String(a.port), "PORT"));
  }
}
console.log(a.hostname, a.url === `http://127.0.0.1:${a.port}/`, typeof a.port);
await a.stop();
console.log("stopped");
