// The Hono app of app.ts served by Node with @hono/node-server (compare.py).
import { serve } from "@hono/node-server";
import { app } from "./app";

serve({ fetch: app.fetch, port: Number(process.env.PORT ?? "3000"), hostname: "127.0.0.1" }, (info) => console.log(`listening ${info.port}`));
