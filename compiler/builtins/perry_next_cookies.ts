// perry:next/cookies: the cookie jars of Next.js (@edge-runtime/cookies, which `next/server`
// and `next/headers` return): the cookies a request sent and the cookies a response sets.
// Shared by Perry's `next/server` and `next/headers` (next_server.ts, next_headers.ts).

export interface RequestCookie {
  name: string;
  value: string;
}

export interface ResponseCookie extends RequestCookie {
  path?: string;
  domain?: string;
  maxAge?: number;
  /** A date, in milliseconds since the epoch, or in HTTP form ("Thu, 01 Jan 1970 00:00:00 GMT"). */
  expires?: number | Date;
  secure?: boolean;
  httpOnly?: boolean;
  sameSite?: "strict" | "lax" | "none";
  partitioned?: boolean;
  priority?: "low" | "medium" | "high";
}

export type CookieOptions = Omit<ResponseCookie, "name" | "value">;

/** The cookies a request sent (the `cookie` header), as @edge-runtime/cookies parses them. */
export class RequestCookies {
  private readonly parsed = new Map<string, RequestCookie>();

  constructor(header: string | null) {
    if (header === null) return;
    for (const pair of header.split(";")) {
      const text = pair.trim();
      if (text === "") continue;
      const eq = text.indexOf("=");
      const name = eq === -1 ? text : text.slice(0, eq);
      const raw = eq === -1 ? "true" : text.slice(eq + 1);
      try {
        this.parsed.set(name, { name, value: decodeURIComponent(raw) });
      } catch {
        // a malformed escape: the cookie is skipped
      }
    }
  }

  get size(): number {
    return this.parsed.size;
  }

  get(name: string | RequestCookie): RequestCookie | undefined {
    return this.parsed.get(typeof name === "string" ? name : name.name);
  }

  getAll(name?: string | RequestCookie): RequestCookie[] {
    const all = Array.from(this.parsed.values());
    if (name === undefined) return all;
    const n = typeof name === "string" ? name : name.name;
    return all.filter((c) => c.name === n);
  }

  has(name: string): boolean {
    return this.parsed.has(name);
  }

  set(name: string | RequestCookie, value?: string): this {
    const c = typeof name === "string" ? { name, value: value ?? "" } : name;
    this.parsed.set(c.name, c);
    return this;
  }

  delete(names: string | string[]): boolean | boolean[] {
    if (typeof names === "string") return this.parsed.delete(names);
    return names.map((n) => this.parsed.delete(n));
  }

  clear(): this {
    this.parsed.clear();
    return this;
  }

  toString(): string {
    return this.getAll()
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join("; ");
  }

  [Symbol.iterator](): IterableIterator<[string, RequestCookie]> {
    return this.parsed.entries();
  }
}

/** What @edge-runtime/cookies' `normalizeCookie` makes of a cookie being set: a number
 * `expires` is a Date, a `maxAge` sets `expires` from now, and the path defaults to "/". */
function normalizeCookie(c: ResponseCookie): ResponseCookie {
  if (typeof c.expires === "number") c.expires = new Date(c.expires);
  if (c.maxAge) c.expires = new Date(Date.now() + c.maxAge * 1000);
  if (c.path === null || c.path === undefined) c.path = "/";
  return c;
}

/** Serialises a cookie for `set-cookie`, attributes in @edge-runtime/cookies' order. */
export function stringifyCookie(c: ResponseCookie): string {
  const attrs: string[] = [];
  if (c.path) attrs.push(`Path=${c.path}`);
  if (c.expires || c.expires === 0) {
    attrs.push(`Expires=${(typeof c.expires === "number" ? new Date(c.expires) : c.expires).toUTCString()}`);
  }
  if (typeof c.maxAge === "number") attrs.push(`Max-Age=${c.maxAge}`);
  if (c.domain) attrs.push(`Domain=${c.domain}`);
  if (c.secure) attrs.push("Secure");
  if (c.httpOnly) attrs.push("HttpOnly");
  if (c.sameSite) attrs.push(`SameSite=${c.sameSite}`);
  if (c.partitioned) attrs.push("Partitioned");
  if (c.priority) attrs.push(`Priority=${c.priority}`);
  const pair = `${c.name}=${encodeURIComponent(c.value ?? "")}`;
  return attrs.length === 0 ? pair : `${pair}; ${attrs.join("; ")}`;
}

/** The cookies a response sets; `onChange` (NextResponse's) hears of every change. */
export class ResponseCookies {
  private readonly cookies = new Map<string, ResponseCookie>();

  constructor(private readonly onChange?: (cookies: ResponseCookie[]) => void) {}

  get size(): number {
    return this.cookies.size;
  }

  get(name: string | RequestCookie): ResponseCookie | undefined {
    return this.cookies.get(typeof name === "string" ? name : name.name);
  }

  getAll(name?: string): ResponseCookie[] {
    const all = Array.from(this.cookies.values());
    return name === undefined ? all : all.filter((c) => c.name === name);
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  set(name: string | ResponseCookie, value?: string, options?: CookieOptions): this {
    const c: ResponseCookie = typeof name === "string" ? { ...options, name, value: value ?? "" } : { ...name };
    this.cookies.set(c.name, normalizeCookie(c));
    this.onChange?.(this.getAll());
    return this;
  }

  delete(name: string | Omit<ResponseCookie, "value" | "expires">): this {
    const c = typeof name === "string" ? { name } : name;
    return this.set({ ...c, value: "", expires: new Date(0) });
  }

  toString(): string {
    return this.getAll().map(stringifyCookie).join("; ");
  }

  [Symbol.iterator](): IterableIterator<[string, ResponseCookie]> {
    return this.cookies.entries();
  }
}

