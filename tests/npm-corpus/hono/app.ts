// A Hono app with hono's own middleware (cors, etag, secureHeaders, jwt/sign, streamSSE,
// basicAuth), written as hono's documentation shows. Used in process by
// cases/hono-middleware.ts (output compared with Node's) and served by bench/hono/ (perry:http
// against @hono/node-server, and the soak).
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { basicAuth } from "hono/basic-auth";
import { cors } from "hono/cors";
import { etag } from "hono/etag";
import { jwt, sign } from "hono/jwt";
import { secureHeaders } from "hono/secure-headers";
import { streamSSE, streamText } from "hono/streaming";

export const SECRET = "perry-test-secret";

export const app = new Hono();

app.use("*", secureHeaders());
app.use("/api/*", cors({ origin: ["https://good.example"], allowHeaders: ["X-Custom"], exposeHeaders: ["X-Count"], maxAge: 600, credentials: true }));
app.use("/etag/*", etag());
app.use("/admin/*", basicAuth({ username: "admin", password: "s3cret" }));
app.use("/private/*", jwt({ secret: SECRET }));

app.get("/", (c) => c.text("Hello Hono!"));
app.get("/api/items/:id", (c) => {
  c.header("X-Count", "1");
  return c.json({ id: c.req.param("id"), q: c.req.query("q") ?? null });
});
app.get("/api/echo", (c) => c.json({ id: c.req.query("id") ?? null, iterations: Number(c.req.query("iterations") ?? 0) }));
app.post("/api/echo", async (c) => {
  const text = await c.req.text();
  let got: unknown = text;
  try {
    got = JSON.parse(text);
  } catch {}
  return c.json({ got }, 201);
});
app.get("/etag/page", (c) => c.text("cacheable page body"));
app.get("/etag/json", (c) => c.json({ list: [1, 2, 3] }));
app.get("/admin/panel", (c) => c.text("admin area"));
app.post("/login", async (c) => {
  const { user } = await c.req.json();
  const token = await sign({ sub: user, role: "reader", iat: 1700000000 }, SECRET);
  return c.json({ token });
});
app.get("/private/me", (c) => {
  const payload = c.get("jwtPayload");
  return c.json({ sub: payload.sub, role: payload.role });
});
app.get("/sse", (c) =>
  streamSSE(c, async (stream) => {
    for (let i = 0; i < 3; i++) {
      await stream.writeSSE({ data: `tick ${i}`, event: "tick", id: String(i) });
    }
  }),
);
app.get("/text-stream", (c) =>
  streamText(c, async (stream) => {
    await stream.write("part one, ");
    await stream.writeln("part two");
  }),
);
app.notFound((c) => c.text("nope", 404));
app.onError((err, c) => (err instanceof HTTPException ? err.getResponse() : c.text(`error: ${err.message}`, 500)));

/** The request set both servers answer: [method, path, headers, body]. */
export const requests: [string, string, Record<string, string>, string?][] = [
  ["GET", "/", {}],
  ["GET", "/api/items/42?q=x", { origin: "https://good.example" }],
  ["GET", "/api/items/7", { origin: "https://evil.example" }],
  ["OPTIONS", "/api/items/1", { origin: "https://good.example", "access-control-request-method": "POST", "access-control-request-headers": "X-Custom" }],
  ["POST", "/api/echo", { origin: "https://good.example", "content-type": "application/json" }, '{"n":[1,"two"]}'],
  ["POST", "/api/echo", {}, "plain text"],
  ["GET", "/api/echo?id=a&iterations=3", {}],
  ["GET", "/etag/page", {}],
  ["GET", "/etag/page", { "if-none-match": '"PLACEHOLDER"' }],
  ["GET", "/etag/json", {}],
  ["GET", "/admin/panel", {}],
  ["GET", "/admin/panel", { authorization: "Basic " + btoa("admin:wrong") }],
  ["GET", "/admin/panel", { authorization: "Basic " + btoa("admin:s3cret") }],
  ["GET", "/private/me", {}],
  ["GET", "/private/me", { authorization: "Bearer not.a.token" }],
  ["POST", "/login", { "content-type": "application/json" }, '{"user":"ada"}'],
  ["GET", "/private/me", { authorization: "Bearer TOKEN" }],
  ["GET", "/sse", {}],
  ["GET", "/text-stream", {}],
  ["GET", "/missing", {}],
];
