// Serves the app with Bun.serve on a free port of 127.0.0.1, and prints `listening <port>`.
import { viaAuth, type Send } from "./browser.js";
import { appConfig } from "./checks.js";

interface BunServe {
  serve(options: { hostname: string; port: number; fetch: Send }): { port: number };
}

const server = (globalThis as unknown as { Bun: BunServe }).Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: viaAuth(appConfig()) });
console.log(`listening ${server.port}`);
