/**
 * The Nitro middleware the module adds: a request line in absolute form (`GET http://other.example/api/auth/providers
 * HTTP/1.1`, RFC 9112 §3.2.2) escapes Nitro's router, which matches paths only, and would get
 * Nuxt's 404 page. One whose path is under the base path goes to Latch, which takes only its path
 * and query (never its authority as the site's origin); every other request goes on untouched.
 */
import { defineEventHandler } from "h3";
import authConfig from "#latch/config";
import { handleEvent } from "./event.js";
import { nitroConfig } from "./nitro-config.js";

/** Hands an absolute-form request under the base path to Latch; lets every other request through. */
export default defineEventHandler((event) => {
  const target = event.node.req.url ?? "/";
  if (target.startsWith("/")) return undefined;
  const config = nitroConfig(authConfig);
  let path: string;
  try {
    path = new URL(target).pathname;
  } catch {
    return undefined;
  }
  if (path !== config.basePath && !path.startsWith(`${config.basePath}/`)) return undefined;
  return handleEvent(event, config);
});
