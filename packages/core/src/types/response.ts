import type { Cookie } from "./cookies.js";

/** What an action returns, before it becomes a `Response` (returned as-is with `config.raw`). */
export interface ResponseInternal<Body = unknown> {
  status?: number;
  headers?: Record<string, string>;
  body?: Body;
  /** Absolute URL to redirect to (302, or `{ url }` in JSON mode). */
  redirect?: string;
  cookies?: Cookie[];
}
