/**
 * The Nuxt plugin the module adds: during server rendering, the request's session (read by the
 * Nitro plugin's `event.context.latch`) goes into Nuxt's state, which the payload hands to the
 * browser; a page the server did not render (a client-only or prerendered one) reads it from
 * `<basePath>/session` instead.
 */
import type { Session } from "@latch/core";
import { defineNuxtPlugin, useRequestEvent, useState } from "#imports";
import { fetchSession, latchBasePath, sessionStateKey } from "./composables.js";
import type { LatchEventContext } from "./server/plugin.js";

export default defineNuxtPlugin({
  name: "latch:session",
  enforce: "pre",
  async setup() {
    const state = useState<Session | null | undefined>(sessionStateKey, () => undefined);
    if (import.meta.server) {
      const context = useRequestEvent()?.context as { latch?: LatchEventContext } | undefined;
      state.value = context?.latch ? await context.latch.session() : null;
    } else if (state.value === undefined) {
      state.value = await fetchSession(latchBasePath());
    }
  },
});
