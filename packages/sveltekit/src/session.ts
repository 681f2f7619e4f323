import { Auth, raw, type Session } from "@latch/core";
import { AuthError } from "@latch/core/errors";
import type { Cookies } from "@sveltejs/kit";
import type { PreparedConfig } from "./config.js";
import { applyCookies, cookieHeaderOf } from "./cookies.js";

/**
 * The session of the request through core's `GET <basePath>/session`, with the request's cookies
 * as they stand now. A refreshed session cookie (database expiry moved, or an old JWT re-issued)
 * is set on SvelteKit's response. `null` when there is no valid session. The request's
 * `Authorization` header is passed on: with bearer sessions on (`session.bearer`), a client that
 * is not a browser sends its session there; with API keys on (`apiKeys`), `apiKey` is the
 * request's `x-api-key` header, and a refused key reads as no session.
 */
export async function readSession(cookies: Cookies, origin: string, config: PreparedConfig, authorization?: string | null, apiKey?: string | null): Promise<Session | null> {
  const headers = new Headers();
  const cookie = cookieHeaderOf(cookies);
  if (cookie) headers.set("cookie", cookie);
  if (authorization) headers.set("authorization", authorization);
  if (apiKey !== null && apiKey !== undefined) headers.set("x-api-key", apiKey);
  const result = await Auth(new Request(`${origin}${config.basePath}/session`, { headers }), { ...config, raw });
  applyCookies(cookies, result.cookies);
  const status = result.status ?? 200;
  // An API key refused (unknown, revoked, expired, over its limit): the request has no session.
  if ((status === 401 || status === 403 || status === 429) && (headers.has("x-api-key") || authorization)) return null;
  const body = result.body as Session | { message?: string } | null | undefined;
  if (status !== 200) throw new AuthError((body as { message?: string } | null)?.message ?? `Reading the session failed with status ${status}.`);
  return body && Object.keys(body).length ? (body as Session) : null;
}

/**
 * `locals.auth()` for one request: the session is read once and the answer reused by every load
 * and hook of the request, until its cookies change (a sign-in or sign-out action, or a refreshed
 * session cookie), when it is read again.
 */
export function sessionReader(cookies: Cookies, read: () => Promise<Session | null>): () => Promise<Session | null> {
  let cached: { cookies: string; session: Promise<Session | null> } | undefined;
  return () => {
    const now = cookieHeaderOf(cookies);
    if (cached?.cookies !== now) cached = { cookies: now, session: read() };
    return cached.session;
  };
}
