// perry:http: an HTTP/1.1 server. hyper and tokio run on their own thread
// (ext-http); each request runs here, on the JS thread, as a
// macrotask: the handler gets a Web Request and returns a Response or a
// promise of one.
const native = __perry_native("http");

export interface ServeOptions {
  /** TCP port (default 3000; 0 picks a free one: read `server.port`). */
  port?: number;
  /** Address to bind (default "0.0.0.0"). */
  hostname?: string;
  /** Largest request body in bytes (default PERRY_HTTP_MAX_BODY or 1 MiB); longer ones get 413. */
  maxRequestBodySize?: number;
  fetch(request: Request, server: Server): Response | Promise<Response>;
}

export interface Server {
  /** The bound port. */
  readonly port: number;
  readonly hostname: string;
  /** `http://hostname:port/` */
  readonly url: string;
  /** Stops accepting; in-flight requests finish. Fulfils once every connection has closed. */
  stop(): Promise<void>;
}

export function serve(options: ServeOptions): Server {
  return native.serve(options);
}
