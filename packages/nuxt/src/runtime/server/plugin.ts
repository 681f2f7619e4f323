/**
 * The Nitro plugin the module adds: every request's `event.context.latch` reads its session on
 * demand, so that the Nuxt plugin renders the session on the server without bundling Latch
 * into the Vue app.
 */
import type { Session } from "@latch/core";
import type { H3Event } from "h3";
import { getServerSession } from "./index.js";

/** What `event.context.latch` holds during a request. */
export interface LatchEventContext {
  /**
   * The request comes from Nitro's prerenderer (`x-nitro-prerender`): the page is built once for
   * every visitor, so it must hold no session.
   */
  prerendering: boolean;
  /** The session of the request, or `null`; read once per request. */
  session(): Promise<Session | null>;
}

/** The part of the Nitro app the plugin uses: its `request` hook. */
export interface NitroHooks {
  hooks: { hook(name: "request", run: (event: H3Event) => void): unknown };
}

/** Gives every request's `event.context.latch`. */
export default function latchSessionPlugin(nitro: NitroHooks): void {
  nitro.hooks.hook("request", (event) => {
    const prerendering = event.node.req.headers["x-nitro-prerender"] !== undefined;
    (event.context as { latch?: LatchEventContext }).latch = { prerendering, session: () => getServerSession(event) };
  });
}
