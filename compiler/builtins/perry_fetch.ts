// perry:fetch: the global `fetch` (WHATWG Fetch) as Node 20 (undici 6) has it. The network
// half is ext-fetch (hyper and rustls on an I/O thread); this module builds the Request, reads
// its public API (method, url, headers, body, signal, redirect; natively, whether the body is
// bytes or a stream, which is sent chunk by chunk), hands it to the native half,
// and makes the Response: status, statusText, headers, a ReadableStream body pulled chunk by
// chunk from the native half, and url/redirected/type set natively. Aborting (signal) cancels
// the native fetch and rejects with the signal's reason, or errors the body stream. Network
// failures reject with Node's `TypeError: fetch failed` and its `cause`.
//
// The module graph evaluates this module first when some module's source names `fetch`
// (`modules::Graph::finish`).
import { ReadableStream } from "perry:web-streams";
import { atob } from "perry:web-globals";

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
  bodyKind(request: Request): 0 | 1 | 2;
} = __perry_native("fetch");

const G: any = Function("return this")();

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
class HeadersTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "HeadersTimeoutError";
  }
}
class BodyTimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BodyTimeoutError";
  }
}
const ERROR_CLASSES: Record<string, new (message: string) => Error> = { SocketError, ConnectTimeoutError, HeadersTimeoutError, BodyTimeoutError, TypeError };

/** The Error Node gives as `cause` for a network error record. */
function causeOf(r: ErrorRecord): Error {
  const [, message, name, code, errno, syscall, address, port, hostname] = r;
  const C = ERROR_CLASSES[name];
  const e: any = C ? new C(message) : new Error(message);
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

/** Sends a streamed request body chunk by chunk, waiting for room natively (backpressure);
 * `failed` gets the stream's error, which becomes the fetch's `cause` as in undici. */
async function sendBody(id: number, stream: ReadableStream<unknown>, failed: (e: unknown) => void) {
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
    failed(e);
    native.end(id, String(e));
  }
}

// ----- data: URLs (Fetch's data: URL processor, and MIME Sniffing's MIME type parser) -----

// No regular expressions here: a regex literal would link the RegExp family into every program
// that uses fetch.
const TOKEN_CHARS = "!#$%&'*+-.^_`|~";
const isTokenChar = (c: string) => (c >= "0" && c <= "9") || (c >= "A" && c <= "Z") || (c >= "a" && c <= "z") || TOKEN_CHARS.includes(c);
const isToken = (s: string) => s.length > 0 && [...s].every(isTokenChar);
const isQuotable = (s: string) => [...s].every((c) => c === "\t" || (c >= " " && c <= "~") || (c >= "\u0080" && c <= "\u00ff"));
const HTTP_WHITESPACE = "\t\n\r ";
const ASCII_WHITESPACE = "\t\n\f\r ";

function trimEnd(s: string, chars: string): string {
  let e = s.length;
  while (e > 0 && chars.includes(s[e - 1])) e--;
  return s.slice(0, e);
}

function trim(s: string, chars: string): string {
  let b = 0;
  while (b < s.length && chars.includes(s[b])) b++;
  return trimEnd(s.slice(b), chars);
}

/** A MIME type serialized after parsing it; null when it does not parse. */
function parseMime(input: string): string | null {
  const s = trim(input, HTTP_WHITESPACE);
  const slash = s.indexOf("/");
  if (slash < 0) return null;
  const type = s.slice(0, slash);
  let at = s.indexOf(";", slash);
  if (at < 0) at = s.length;
  const subtype = trimEnd(s.slice(slash + 1, at), HTTP_WHITESPACE);
  if (!isToken(type) || !isToken(subtype)) return null;
  let out = `${type.toLowerCase()}/${subtype.toLowerCase()}`;
  const seen = new Set<string>();
  while (at < s.length) {
    at++;
    while (at < s.length && HTTP_WHITESPACE.includes(s[at])) at++;
    let end = at;
    while (end < s.length && s[end] !== ";" && s[end] !== "=") end++;
    const name = s.slice(at, end).toLowerCase();
    at = end;
    if (at < s.length && s[at] === ";") continue;
    if (at >= s.length) break;
    at++;
    let value = "";
    if (s[at] === '"') {
      at++;
      while (at < s.length && s[at] !== '"') {
        if (s[at] === "\\" && at + 1 < s.length) at++;
        value += s[at++];
      }
      while (at < s.length && s[at] !== ";") at++;
    } else {
      let e = s.indexOf(";", at);
      if (e < 0) e = s.length;
      value = trimEnd(s.slice(at, e), HTTP_WHITESPACE);
      at = e;
      if (value === "") continue;
    }
    if (isToken(name) && isQuotable(value) && !seen.has(name)) {
      seen.add(name);
      let shown = value;
      if (!isToken(value)) {
        shown = '"';
        for (const c of value) shown += c === '"' || c === "\\" ? "\\" + c : c;
        shown += '"';
      }
      out += `;${name}=${shown}`;
    }
  }
  return out;
}

/** The bytes of `s` with its %XX escapes decoded (URL's percent-decode of its UTF-8). */
function percentDecode(s: string): Uint8Array {
  const input = new TextEncoder().encode(s);
  const out = new Uint8Array(input.length);
  let n = 0;
  const hex = (c: number) => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === 37 && i + 2 < input.length && hex(input[i + 1]) >= 0 && hex(input[i + 2]) >= 0) {
      out[n++] = hex(input[i + 1]) * 16 + hex(input[i + 2]);
      i += 2;
    } else {
      out[n++] = c;
    }
  }
  return out.subarray(0, n);
}

/** The Response for a data: URL; null when the URL is not a valid one (a network error). */
function dataResponse(href: string): Response | null {
  const url = href.split("#")[0];
  const rest = url.slice(5);
  const comma = rest.indexOf(",");
  if (comma < 0) return null;
  let mime = trim(rest.slice(0, comma), ASCII_WHITESPACE);
  let body = percentDecode(rest.slice(comma + 1));
  // `;` and spaces before a final `base64` (any case): the body is base64.
  const beforeB64 = trimEnd(mime.slice(0, -6), " ");
  if (mime.length >= 7 && mime.slice(-6).toLowerCase() === "base64" && beforeB64.endsWith(";")) {
    let binary: string;
    try {
      binary = atob(String.fromCharCode(...body));
    } catch {
      return null;
    }
    body = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    mime = beforeB64.slice(0, -1);
  }
  if (mime.startsWith(";")) mime = "text/plain" + mime;
  const type = parseMime(mime) ?? "text/plain;charset=US-ASCII";
  const r = new Response(body, { status: 200, statusText: "OK", headers: [["content-type", type]] });
  native.finish(r, url, false);
  return r;
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
  // The signal the Request follows (`init.signal`, or the input Request's), read directly: making
  // `request.signal` would hang a following signal on a long-lived one for every fetch.
  const given = init == null ? undefined : init.signal;
  const signal: AbortSignal | undefined = given != null ? given : input instanceof Request ? input.signal : undefined;
  if (signal && signal.aborted) throw signal.reason;
  const method = request.method;
  const headers: string[] = [];
  for (const [name, value] of request.headers) headers.push(name, value);
  let body: Uint8Array | null | true = null;
  let upload: ReadableStream<unknown> | null = null;
  const kind = native.bodyKind(request);
  if (kind === 2) {
    upload = (request as any).body;
    body = true;
  } else if (kind === 1) {
    body = new Uint8Array(await request.arrayBuffer());
    if (signal && signal.aborted) throw signal.reason;
  }
  if (request.url.startsWith("data:")) {
    const r = dataResponse(request.url);
    if (r === null) throw new TypeError("fetch failed", { cause: new Error("failed to fetch the data URL") });
    return r;
  }
  const id = native.start(method, request.url, headers, body, request.redirect);
  let uploadError: { error: unknown } | undefined;
  if (upload) sendBody(id, upload, (error) => (uploadError = { error }));
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
        reject(new TypeError("fetch failed", { cause: uploadError ? uploadError.error : causeOf(h) }));
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
      try {
        const r = new Response(stream, { status, statusText, headers: list });
        native.finish(r, url, redirected);
        resolve(r);
      } catch (e) {
        if (abortBody) abortBody(e);
        reject(e);
      }
    });
  });
}

Object.defineProperty(G, "fetch", { value: fetch, writable: true, enumerable: true, configurable: true });

export { fetch };
