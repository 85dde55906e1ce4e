// next/server for `perry compile --app` (the module `perry:next/server`; in App-Route mode
// `next/server` resolves here, not to a `next` package in node_modules): NextRequest and
// NextResponse as Next.js 15 gives them to route handlers. The router (perry:app-router)
// hands every handler a NextRequest made from the incoming Request.
import { RequestCookies, ResponseCookies, stringifyCookie } from "perry:next/cookies";
import type { CookieOptions, RequestCookie, ResponseCookie } from "perry:next/cookies";

/** A request URL as Next extends it (`nextUrl`): no base path, locales or build id here. */
export class NextURL extends URL {
  get basePath(): string {
    return "";
  }
  get buildId(): string | undefined {
    return undefined;
  }
  get locale(): string {
    return "";
  }
  get defaultLocale(): string | undefined {
    return undefined;
  }
  get domainLocale(): undefined {
    return undefined;
  }
  clone(): NextURL {
    return new NextURL(this.href);
  }
}

/** The Request a route handler receives: `nextUrl` and `cookies`, made on first use. */
export class NextRequest extends Request {
  #nextUrl: NextURL | undefined;
  #cookies: RequestCookies | undefined;

  constructor(input: URL | RequestInfo, init: RequestInit = {}) {
    super(input instanceof URL ? input.href : input, init);
  }
  get nextUrl(): NextURL {
    return (this.#nextUrl ??= new NextURL(this.url));
  }
  get cookies(): RequestCookies {
    return (this.#cookies ??= new RequestCookies(this.headers.get("cookie")));
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A URL as Next validates it (a relative one is refused, as in Next). */
function validURL(url: string | URL): string {
  try {
    return String(new URL(String(url)));
  } catch (error) {
    throw new Error(`URL is malformed "${String(url)}". Please use only absolute URLs - https://nextjs.org/docs/messages/middleware-relative-urls`, { cause: error });
  }
}

function initWithHeader(init: ResponseInit | undefined, name: string, value: string): ResponseInit {
  const headers = new Headers(init?.headers);
  headers.set(name, value);
  return { ...init, headers };
}

/** The Response a route handler may return: `cookies` writes `set-cookie` headers. */
export class NextResponse<Body = unknown> extends Response {
  #cookies: ResponseCookies | undefined;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, init);
  }

  get cookies(): ResponseCookies {
    if (this.#cookies === undefined) {
      const headers = this.headers;
      const jar = new ResponseCookies((all) => {
        headers.delete("set-cookie");
        for (const c of all) headers.append("set-cookie", stringifyCookie(c));
        // As Next's NextResponse does (its cookies proxy tells middleware what it set).
        headers.set("x-middleware-set-cookie", all.map(stringifyCookie).join(","));
      });
      // The cookies the response already sets are the jar's first contents.
      for (const line of headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        if (eq > 0) {
          try {
            jar.set({ name: pair.slice(0, eq).trim(), value: decodeURIComponent(pair.slice(eq + 1).trim()) });
          } catch {
            // a malformed escape: the cookie is left as it is in the headers
          }
        }
      }
      this.#cookies = jar;
    }
    return this.#cookies;
  }

  /** JSON of `body` (`Response.json`'s rules), as a NextResponse. */
  static json<T>(body: T, init?: ResponseInit): NextResponse<T> {
    const response = Response.json(body, init);
    return new NextResponse(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  static redirect(url: string | URL, init?: number | ResponseInit): NextResponse {
    const status = typeof init === "number" ? init : (init?.status ?? 307);
    if (!REDIRECTS.has(status)) throw new RangeError('Failed to execute "redirect" on "response": Invalid status code');
    const base = typeof init === "object" ? init : {};
    const headers = new Headers(base.headers);
    headers.set("location", validURL(url));
    return new NextResponse(null, { ...base, headers, status });
  }

  /** Middleware's rewrite (the header Next's server reads; a route handler's has no effect there either). */
  static rewrite(destination: string | URL, init?: ResponseInit): NextResponse {
    return new NextResponse(null, initWithHeader(init, "x-middleware-rewrite", validURL(destination)));
  }

  /** Middleware's "continue" (the header Next's server reads). */
  static next(init?: ResponseInit): NextResponse {
    return new NextResponse(null, initWithHeader(init, "x-middleware-next", "1"));
  }
}

export type { CookieOptions, RequestCookie, ResponseCookie };
export { RequestCookies, ResponseCookies };
