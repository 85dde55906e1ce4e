// next/headers for `perry compile --app` (the module `perry:next/headers`; in App-Route mode
// `next/headers` resolves here, not to a `next` package in node_modules): `headers()`,
// `cookies()` and `draftMode()` as Next.js 15 gives them to route handlers. Each returns a
// promise (`await cookies()`, Next 15's form) that also has the object's methods (the
// synchronous form Next 15 still accepts). The request's store is an AsyncLocalStorage's:
// the router (perry:app-router) calls `runWithRequest(request, fn)` around every handler,
// which adds the cookies the handler set to its response. The store's adapters are made
// when first asked for.
//
// The adapters are Next's: `headers()` is HeadersAdapter.seal (append/set/delete throw);
// `cookies()` in a route handler is MutableRequestCookiesAdapter.wrap (set/delete record a
// `set-cookie` for the response) over the request's cookies.
import { AsyncLocalStorage } from "node:async_hooks";
import { RequestCookies, ResponseCookies, stringifyCookie } from "perry:next/cookies";
import type { CookieOptions, RequestCookie, ResponseCookie } from "perry:next/cookies";

export class ReadonlyHeadersError extends Error {
  constructor() {
    // Next leaves `name` as "Error".
    super("Headers cannot be modified. Read more: https://nextjs.org/docs/app/api-reference/functions/headers");
  }

  static callable(): never {
    throw new ReadonlyHeadersError();
  }
}

export class ReadonlyRequestCookiesError extends Error {
  constructor() {
    super("Cookies can only be modified in a Server Action or Route Handler. Read more: https://nextjs.org/docs/app/api-reference/functions/cookies#options");
  }

  static callable(): never {
    throw new ReadonlyRequestCookiesError();
  }
}

/**
 * Reads a property of a proxy's target; methods come back bound to the
 * target (Web objects check their receiver). Unlike Next's ReflectAdapter,
 * getters run on the target too (URLSearchParams#size checks its receiver).
 */
function reflectGet(target: object, prop: string | symbol): unknown {
  const value = Reflect.get(target, prop);
  return typeof value === "function" ? value.bind(target) : value;
}

/** HeadersAdapter.seal: the request's headers, read-only. */
function sealHeaders(headers: Headers): Headers {
  return new Proxy(headers, {
    get(target, prop) {
      switch (prop) {
        case "append":
        case "delete":
        case "set":
          return ReadonlyHeadersError.callable;
        default:
          return reflectGet(target, prop);
      }
    },
  });
}

/** RequestCookiesAdapter.seal: the request's cookies, read-only. */
function sealCookies(cookies: RequestCookies): RequestCookies {
  return new Proxy(cookies, {
    get(target, prop) {
      switch (prop) {
        case "clear":
        case "delete":
        case "set":
          return ReadonlyRequestCookiesError.callable;
        default:
          return reflectGet(target, prop);
      }
    },
  });
}

/**
 * MutableRequestCookiesAdapter.wrap: starts from the request's cookies;
 * `set` and `delete` change them and report the changed ones as
 * `set-cookie` values.
 */
function wrapMutableCookies(cookies: RequestCookies, onUpdate: (setCookies: string[]) => void): ResponseCookies {
  const responseCookies = new ResponseCookies();
  for (const c of cookies.getAll()) responseCookies.set(c);
  const modified = new Set<string>();
  const update = () => {
    const out: string[] = [];
    for (const c of responseCookies.getAll()) if (modified.has(c.name)) out.push(stringifyCookie(c));
    onUpdate(out);
  };
  const wrapped: ResponseCookies = new Proxy(responseCookies, {
    get(target, prop) {
      switch (prop) {
        case "set":
          return (...args: [string | ResponseCookie, string?, CookieOptions?]) => {
            modified.add(typeof args[0] === "string" ? args[0] : args[0].name);
            try {
              target.set(...args);
              return wrapped;
            } finally {
              update();
            }
          };
        case "delete":
          return (name: string | Omit<ResponseCookie, "value" | "expires">) => {
            modified.add(typeof name === "string" ? name : name.name);
            try {
              target.delete(name);
              return wrapped;
            } finally {
              update();
            }
          };
        default:
          return reflectGet(target, prop);
      }
    },
  });
  return wrapped;
}

/** What a handler's call of headers(), cookies() and draftMode() sees: made on first use. */
class RequestStore {
  #request: Request;
  #headers: Headers | undefined;
  #cookies: RequestCookies | undefined;
  #mutableCookies: ResponseCookies | undefined;
  #usableHeaders: (Promise<Headers> & Headers) | undefined;
  #usableCookies: (Promise<ResponseCookies> & ResponseCookies) | undefined;
  /** `set-cookie` values of the cookies the handler set or deleted. */
  setCookies: string[] = [];

  constructor(request: Request) {
    this.#request = request;
  }
  get headers(): Headers {
    return (this.#headers ??= sealHeaders(this.#request.headers));
  }
  get cookies(): RequestCookies {
    return (this.#cookies ??= sealCookies(new RequestCookies(this.#request.headers.get("cookie"))));
  }
  get mutableCookies(): ResponseCookies {
    return (this.#mutableCookies ??= wrapMutableCookies(this.cookies, (setCookies) => {
      this.setCookies = setCookies;
    }));
  }
  /** What headers() returns: one promise per request, however often a handler calls it. */
  get usableHeaders(): Promise<Headers> & Headers {
    return (this.#usableHeaders ??= usable(this.headers, HEADER_METHODS));
  }
  /** What cookies() returns. */
  get usableCookies(): Promise<ResponseCookies> & ResponseCookies {
    return (this.#usableCookies ??= usable(this.mutableCookies, COOKIE_METHODS));
  }
}

const requestStorage = new AsyncLocalStorage<RequestStore>();

function currentStore(expression: string): RequestStore {
  const store = requestStorage.getStore();
  if (store === undefined) {
    throw new Error(`\`${expression}\` was called outside a request scope. Read more: https://nextjs.org/docs/messages/next-dynamic-api-wrong-context`);
  }
  return store;
}

/**
 * A promise of `value` that also has its methods and getters (Next 15's
 * promises from headers() and cookies(), which code written for Next 14 uses
 * synchronously).
 */
function usable<T extends object>(value: T, names: readonly (string | symbol)[]): Promise<T> & T {
  const p: any = Promise.resolve(value);
  for (const name of names) {
    const v = Reflect.get(value, name);
    if (typeof v === "function") Object.defineProperty(p, name, { value: v.bind(value), configurable: true });
    else Object.defineProperty(p, name, { get: () => Reflect.get(value, name), configurable: true });
  }
  return p;
}

const HEADER_METHODS = ["append", "delete", "get", "getSetCookie", "has", "set", "forEach", "keys", "values", "entries", Symbol.iterator] as const;
const COOKIE_METHODS = ["get", "getAll", "has", "set", "delete", "clear", "toString", "size", Symbol.iterator] as const;

/** The request's headers, read-only. */
export function headers(): Promise<Headers> & Headers {
  return currentStore("headers").usableHeaders;
}

/** The request's cookies; in a route handler `set` and `delete` change the response's. */
export function cookies(): Promise<ResponseCookies> & ResponseCookies {
  return currentStore("cookies").usableCookies;
}

/** Draft mode: on while the request carries Next's bypass cookie; enable/disable set or clear it. */
export function draftMode(): Promise<DraftMode> & DraftMode {
  return usable(new DraftMode(currentStore("draftMode")), ["isEnabled", "enable", "disable"]);
}

const BYPASS = "__prerender_bypass";

class DraftMode {
  #store: RequestStore;
  constructor(store: RequestStore) {
    this.#store = store;
  }
  get isEnabled(): boolean {
    return this.#store.mutableCookies.get(BYPASS)?.value ? true : false;
  }
  enable(): void {
    const id = crypto.randomUUID().replaceAll("-", "");
    this.#store.mutableCookies.set(BYPASS, id, { httpOnly: true, path: "/", sameSite: "none", secure: true });
  }
  disable(): void {
    this.#store.mutableCookies.set(BYPASS, "", { httpOnly: true, path: "/", sameSite: "none", secure: true, expires: 0 });
  }
}

/** Adds `set-cookie` headers; a response with immutable headers is copied first. */
function withCookies(response: Response, setCookies: string[]): Response {
  try {
    for (const c of setCookies) response.headers.append("set-cookie", c);
    return response;
  } catch {
    const h = new Headers(response.headers);
    for (const c of setCookies) h.append("set-cookie", c);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers: h });
  }
}

/**
 * Runs a route handler (`fn`) with `request` as the current request, then
 * adds the cookies it set to its response (the router calls this).
 */
export async function runWithRequest(request: Request, fn: () => Promise<Response>): Promise<Response> {
  const store = new RequestStore(request);
  const response = await requestStorage.run(store, fn);
  return store.setCookies.length === 0 || !(response instanceof Response) ? response : withCookies(response, store.setCookies);
}

export type { CookieOptions, RequestCookie, ResponseCookie };
