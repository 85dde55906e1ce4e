import { Hono } from "hono";
const app = new Hono();
app.get("/", (c) => c.text("Hello Hono!"));
app.get("/users/:id", (c) => c.json({ id: c.req.param("id"), q: c.req.query("q") ?? null }));
app.post("/echo", async (c) => c.json(await c.req.json(), 201));
app.notFound((c) => c.text("nope", 404));
async function main() {
  for (const [method, url, body] of [["GET", "/"], ["GET", "/users/42?q=x"], ["POST", "/echo", '{"a":1}'], ["GET", "/missing"]] as const) {
    const res = await app.request(url, { method, body: body as string | undefined, headers: body ? { "content-type": "application/json" } : {} });
    console.log(method, url, res.status, res.headers.get("content-type"), await res.text());
  }
}
main();
