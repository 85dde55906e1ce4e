// perry:fetch: the global `fetch` (WHATWG Fetch) as Node 20 (undici 6) has it. The network
// half is ext-fetch (hyper and rustls on an I/O thread); this module builds the Request, reads
// its public API (method, url, headers, body, signal, redirect), hands it to the native half,
// and makes the Response: status, statusText, headers, a ReadableStream body pulled chunk by
// chunk from the native half, and url/redirected/type set natively. Aborting (signal) cancels
// the native fetch and rejects with the signal's reason, or errors the body stream. Network
// failures reject with Node's `TypeError: fetch failed` and its `cause`.
//
// The module graph evaluates this module first when some module's source names `fetch`
// (`modules::Graph::finish`).
import { ReadableStream } from "perry:web-streams";

type ErrorRecord = ["error", string, string, string?, number?, string?, string?, number?, string?];
type HeadRecord = [number, string, string[], string, boolean, boolean];

const native: {
  start(method: string, url: string, headers: string[], body: Uint8Array | null | true, redirect: string): number;
  head(id: number): Promise<HeadRecord | ErrorRecord>;
  read(id: number): Promise<Uint8Array | null | ErrorRecord>;
  cancel(id: number): void;
  write(id: number, chunk: Uint8Array): boolean | Promise<boolean>;
  end(id: number, error?: string): void;
  finish(response: Response, url: string, redirected: boolean): void;
} = __perry_native("fetch");

const G: any = Function("return this")();

// Whether Response takes a ReadableStream body (`Response.prototype.body` exists): otherwise the
// body is read in full before the Response is made.
const STREAM_BODIES = "body" in Response.prototype;

// A body the program never reads nor cancels is cancelled natively (its connection closed)
// once its stream's source is collected.
const unread = new FinalizationRegistry<number>((id) => native.cancel(id));

// undici's error classes that reach `cause`.
class SocketError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SocketError";
  }
}
class ConnectTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConnectTimeoutError";
  }
}

/** The Error Node gives as `cause` for a network error record. */
function causeOf(r: ErrorRecord): Error {
  const [, message, name, code, errno, syscall, address, port, hostname] = r;
  const e: any =
    name === "TypeError"
      ? new TypeError(message)
      : name === "SocketError"
        ? new SocketError(message)
        : name === "ConnectTimeoutError"
          ? new ConnectTimeoutError(message)
          : new Error(message);
  if (errno !== undefined) e.errno = errno;
  if (code !== undefined) e.code = code;
  if (syscall !== undefined) e.syscall = syscall;
  if (hostname !== undefined) e.hostname = hostname;
  if (address !== undefined) e.address = address;
  if (port !== undefined) e.port = port;
  return e;
}

function isError(r: unknown): r is ErrorRecord {
  return Array.isArray(r) && r[0] === "error";
}

/** A response body: a byte stream pulling chunks from the native fetch `id`. */
function bodyStream(id: number, done: () => void) {
  let finished = false;
  let controller: any;
  const finish = () => {
    if (finished) return false;
    finished = true;
    unread.unregister(source);
    done();
    return true;
  };
  const source = {
    type: "bytes" as const,
    start(c: any) {
      controller = c;
    },
    pull(c: any) {
      return native.read(id).then((chunk) => {
        if (finished) return;
        if (chunk === null) {
          finish();
          c.close();
          if (c.byobRequest) c.byobRequest.respond(0);
        } else if (chunk instanceof Uint8Array) {
          c.enqueue(chunk);
        } else {
          finish();
          c.error(new TypeError("terminated", { cause: causeOf(chunk) }));
        }
      });
    },
    cancel() {
      if (finish()) native.cancel(id);
    },
  };
  unread.register(source, id, source);
  const stream = new ReadableStream<Uint8Array>(source as any);
  return {
    stream,
    abort(reason: unknown) {
      if (finish()) {
        native.cancel(id);
        controller.error(reason);
      }
    },
  };
}

/** All the bytes of `stream`. */
async function collect(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    n += value.length;
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The Response for a body stream (null: no body) and its init. */
function makeResponse(body: ReadableStream<Uint8Array> | null, init: ResponseInit): Response | Promise<Response> {
  if (STREAM_BODIES || body === null) return new Response(body as any, init);
  return collect(body).then((bytes) => new Response(bytes, init));
}

/** Sends a streamed request body chunk by chunk, waiting for room natively (backpressure). */
async function sendBody(id: number, stream: ReadableStream<unknown>) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        native.end(id);
        return;
      }
      if (!(value instanceof Uint8Array)) throw new TypeError("Received non-Uint8Array chunk");
      let ok = native.write(id, value);
      if (ok !== true && ok !== false) ok = await ok;
      if (!ok) {
        reader.cancel().catch(() => {});
        return;
      }
    }
  } catch (e) {
    native.end(id, String(e));
  }
}

async function fetch(input: RequestInfo | URL, init: RequestInit | undefined = undefined): Promise<Response> {
  if (!(input instanceof Request)) {
    const href = String(input);
    try {
      new URL(href);
    } catch (cause) {
      throw new TypeError(`Failed to parse URL from ${href}`, { cause });
    }
  }
  const request = new Request(input as any, init);
  const given: any = init == null ? undefined : init.signal;
  const signal: AbortSignal | undefined = (request as any).signal ?? given ?? (input instanceof Request ? (input as any).signal : undefined) ?? undefined;
  if (signal && signal.aborted) throw signal.reason;
  const method = request.method;
  const headers: string[] = [];
  for (const [name, value] of request.headers) headers.push(name, value);
  let body: Uint8Array | null | true = null;
  let upload: ReadableStream<unknown> | null = null;
  const initBody: any = init == null ? undefined : init.body;
  const streamed = initBody instanceof ReadableStream || (initBody != null && typeof initBody[Symbol.asyncIterator] === "function");
  if (streamed) {
    upload = STREAM_BODIES ? (request as any).body : initBody;
    body = true;
  } else if (method !== "GET" && method !== "HEAD") {
    const hasBody = STREAM_BODIES ? (request as any).body !== null : initBody != null || input instanceof Request;
    if (hasBody) {
      body = new Uint8Array(await request.arrayBuffer());
      if (signal && signal.aborted) throw signal.reason;
    }
  }
  const id = native.start(method, request.url, headers, body, request.redirect);
  if (upload) sendBody(id, upload);
  return new Promise<Response>((resolve, reject) => {
    let abortBody: ((reason: unknown) => void) | undefined;
    let onAbort: (() => void) | undefined;
    const detach = () => {
      if (onAbort && signal) signal.removeEventListener("abort", onAbort);
      onAbort = undefined;
    };
    if (signal) {
      onAbort = () => {
        onAbort = undefined;
        native.cancel(id);
        reject(signal.reason);
        if (abortBody) abortBody(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    }
    native.head(id).then((h) => {
      if (isError(h)) {
        detach();
        reject(new TypeError("fetch failed", { cause: causeOf(h) }));
        return;
      }
      const [status, statusText, flat, url, redirected, hasBody] = h;
      const list: [string, string][] = [];
      for (let i = 0; i < flat.length; i += 2) list.push([flat[i], flat[i + 1]]);
      let stream: ReadableStream<Uint8Array> | null = null;
      if (hasBody) {
        const b = bodyStream(id, detach);
        stream = b.stream;
        abortBody = b.abort;
      } else {
        detach();
      }
      const done = (r: Response) => {
        native.finish(r, url, redirected);
        resolve(r);
      };
      try {
        const r = makeResponse(stream, { status, statusText, headers: list });
        if (r instanceof Response) done(r);
        else r.then(done, reject);
      } catch (e) {
        reject(e);
      }
    });
  });
}

Object.defineProperty(G, "fetch", { value: fetch, writable: true, enumerable: true, configurable: true });

export { fetch };
