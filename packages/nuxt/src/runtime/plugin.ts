/**
 * The Nuxt plugin the module adds: during server rendering, the request's session (read by the
 * Nitro plugin's `event.context.latch`) goes into Nuxt's state, which the payload hands to the
 * browser. A page the server did not render for this visitor (a client-only one, or one Nitro
 * prerendered at build time for everyone) holds no session: the browser reads it from
 * `<basePath>/session` instead.
 */
import type { Session } from "@latch/core";
import { defineNuxtPlugin, useRequestEvent, useState } from "#imports";
import { fetchSession, latchBasePath, sessionStateKey } from "./composables.js";
import type { LatchEventContext } from "./server/plugin.js";

/** Puts the request's session into the state `latch:session` (see the module's comment). */
export default defineNuxtPlugin({
  name: "latch:session",
  enforce: "pre",
  async setup(nuxtApp: { hook(name: "app:mounted", run: () => unknown): unknown }) {
    const state = useState<Session | null | undefined>(sessionStateKey, () => undefined);
    if (import.meta.server) {
      const latch = (useRequestEvent()?.context as { latch?: LatchEventContext } | undefined)?.latch;
      // Prerendered: left unread (`undefined` in the payload), so that each browser reads its own.
      if (!latch?.prerendering) state.value = latch ? await latch.session() : null;
    } else if (state.value === undefined) {
      // After hydration, which must see what the server rendered (the signed-out or loading markup).
      const basePath = latchBasePath();
      nuxtApp.hook("app:mounted", async () => {
        if (state.value === undefined) state.value = await fetchSession(basePath);
      });
    }
  },
});
