// The Hono app of app.ts served by perry:http (compare.py, soak.sh).
import { serve } from "perry:http";
import { app } from "./app";

const server = serve({ port: Number(process.env.PORT ?? "3000"), hostname: "127.0.0.1", fetch: app.fetch });
console.log(`listening ${server.port}`);
