// Serves the app with Deno.serve on a free port of 127.0.0.1, and prints `listening <port>`.
import { viaAuth, type Send } from "./browser.js";
import { appConfig } from "./checks.js";

interface DenoServe {
  serve(options: { hostname: string; port: number; onListen: (address: { port: number }) => void }, handler: Send): unknown;
}

(globalThis as unknown as { Deno: DenoServe }).Deno.serve(
  { hostname: "127.0.0.1", port: 0, onListen: ({ port }) => console.log(`listening ${port}`) },
  viaAuth(appConfig()),
);
