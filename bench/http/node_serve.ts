// serve() from perry:http over node:http, for running bench/http/echo.ts
// under Node: the handler gets the same light request (method, url,
// headers.get, text()) and its plain response is written with writeHead/end.
import http from "node:http";

type Handler = (req: any) => any;

export function serve(options: { port?: number; hostname?: string; fetch: Handler }) {
  const server = http.createServer((req, res) => {
    let text: Promise<string> | undefined;
    const request = {
      method: req.method,
      url: "http://" + (req.headers.host ?? "localhost") + req.url,
      headers: { get: (name: string) => req.headers[name.toLowerCase()] ?? null },
      text(): Promise<string> {
        text ??= new Promise((resolve) => {
          const chunks: Buffer[] = [];
          req.on("data", (c: Buffer) => chunks.push(c));
          req.on("end", () => resolve(Buffer.concat(chunks).toString()));
        });
        return text;
      },
    };
    Promise.resolve(options.fetch(request)).then(
      (r) => {
        res.writeHead(r.status, r.headers);
        res.end(r.body);
      },
      (e) => {
        console.error(e);
        res.writeHead(500);
        res.end("Internal Server Error");
      },
    );
  });
  server.listen(options.port ?? 3000, options.hostname ?? "0.0.0.0");
  return {
    get port() {
      return (server.address() as any)?.port ?? options.port;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
