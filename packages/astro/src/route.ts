/**
 * The endpoint the integration injects at `<prefix>/[...auth]`: Latch's routes, with the config of
 * the app's `auth.config.ts`.
 * @module @latch/astro/route
 */
import authConfig from "auth:config";
import { handlersFor } from "./handler.js";

/** Rendered on demand, never at build time. */
export const prerender = false;

/** Every method goes to Latch, which refuses those it does not serve. */
export const { GET, POST, ALL } = handlersFor(authConfig);
