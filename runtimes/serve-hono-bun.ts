// Serves the Hono app with Bun.serve on a free port of 127.0.0.1, and prints `listening <port>`.
import { getConnInfo } from "hono/bun";
import { honoApp } from "./hono-app.js";

interface BunServe {
  serve(options: { hostname: string; port: number; fetch: (request: Request, server: unknown) => Response | Promise<Response> }): { port: number };
}

const server = (globalThis as unknown as { Bun: BunServe }).Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: honoApp(getConnInfo).fetch });
console.log(`listening ${server.port}`);
