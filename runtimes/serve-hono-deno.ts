// Serves the Hono app with Deno.serve on a free port of 127.0.0.1, and prints `listening <port>`.
import { getConnInfo } from "hono/deno";
import { honoApp } from "./hono-app.js";

interface DenoServe {
  serve(options: { hostname: string; port: number; onListen: (address: { port: number }) => void }, handler: (request: Request, info: unknown) => Response | Promise<Response>): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(`listening ${port}`) }, honoApp(getConnInfo).fetch);
