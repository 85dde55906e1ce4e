// Streamed bodies in perry:http (compiler/tests/http.rs): a handler's ReadableStream is sent as
// it is produced, the client's pace holds the producer back, a client that goes away cancels
// the stream and aborts the request's signal, and a stream that fails cuts the body short.
import { serve } from "perry:http";

const enc = new TextEncoder();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How far the /big producer got; reported by /stats. */
let produced = 0;

const server = serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(req: Request): Promise<Response> {
    const url = new URL(req.url);
    switch (url.pathname) {
      case "/sse": {
        // Server-Sent Events: one event every `every` ms, `n` of them.
        const n = Number(url.searchParams.get("n") ?? "3");
        const every = Number(url.searchParams.get("every") ?? "30");
        let i = 0;
        let timer: any;
        req.signal.addEventListener("abort", () => {
          clearInterval(timer);
          console.error(`aborted ${url.pathname} after ${i}`);
        });
        const body = new ReadableStream({
          start(c) {
            timer = setInterval(() => {
              c.enqueue(enc.encode(`data: event ${i++}\n\n`));
              if (i === n) {
                clearInterval(timer);
                c.close();
              }
            }, every);
          },
          cancel(reason) {
            clearInterval(timer);
            console.error(`cancelled ${url.pathname}`);
          },
        });
        return new Response(body, { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } });
      }
      case "/big": {
        // `n` chunks of 64 KiB, made only when the stream asks (pull): a slow client holds the
        // producer back.
        const n = Number(url.searchParams.get("n") ?? "64");
        produced = 0;
        const chunk = new Uint8Array(65536).fill(120);
        const body = new ReadableStream({
          pull(c) {
            if (produced === n) return c.close();
            produced++;
            c.enqueue(chunk.slice());
          },
        });
        return new Response(body);
      }
      case "/stats":
        return new Response(String(produced));
      case "/wrapped": {
        // The middleware pattern: a new Response over another's body.
        const inner = new Response("wrapped body", { status: 203, headers: { "x-inner": "1" } });
        return new Response(inner.body, inner);
      }
      case "/echo":
        // The request's body, as a stream, back to the client.
        return new Response(req.body, { headers: { "content-type": req.headers.get("content-type") ?? "none" } });
      case "/transform":
        return new Response(new Response(url.searchParams.get("s") ?? "").body!.pipeThrough(new TransformStream({
          transform(chunk, c) {
            c.enqueue(enc.encode(new TextDecoder().decode(chunk).toUpperCase()));
          },
        })));
      case "/fails": {
        const body = new ReadableStream({
          async pull(c) {
            c.enqueue(enc.encode("first part;"));
            await sleep(10);
            c.error(new Error("the source broke"));
          },
        });
        return new Response(body);
      }
      case "/upload": {
        // The whole body, however it came (read before the handler ran, or arriving).
        try {
          const bytes = await req.bytes();
          let sum = 0;
          for (const b of bytes) sum = (sum + b) % 65521;
          return new Response(`${bytes.length} ${sum}`);
        } catch (e: any) {
          return new Response(`${e.name}: ${e.message}`, { status: 413 });
        }
      }
      case "/upload-chunks": {
        // Read chunk by chunk through the body's stream.
        let chunks = 0;
        let bytes = 0;
        for await (const chunk of req.body!) {
          chunks++;
          bytes += chunk.length;
        }
        return new Response(`${bytes} bytes in ${chunks > 0 ? "some" : "no"} chunks, used ${req.bodyUsed}`);
      }
      case "/first": {
        // Answers with the first chunk, before the rest of the body has arrived.
        const reader = req.body!.getReader();
        const first = await reader.read();
        return new Response(`first: ${new TextDecoder().decode(first.value)}`);
      }
      case "/strings":
        return new Response(new ReadableStream({ start(c) { c.enqueue("text "); c.enqueue("chunks"); c.close(); } }));
      case "/empty-stream":
        return new Response(new ReadableStream({ start(c) { c.close(); } }));
      default:
        return new Response("not found", { status: 404 });
    }
  },
});
console.log(`listening ${server.port}`);
