/**
 * The rate limiter: counts each limited request per client network and per account, refuses with
 * 429 past a limit, and backs an account off after failed sign-ins. Loaded at the first request
 * of an app that turned limits on.
 */
import type { AuthContext } from "../config/context.js";
import { sha256Hex } from "../crypto/index.js";
import { AuthError, CredentialsSignin, RateLimited, Verification } from "../errors.js";
import type { LockoutOptions, RateLimitOptions, RateLimitRoute, RateLimitStore } from "../types/rate-limit.js";
import { html } from "../security/escape.js";
import type { ResponseInternal } from "../types/response.js";
import { addressSource, clientKey } from "./client-address.js";
import { defaultLockout } from "./defaults.js";
import { routeLimits } from "./route-limits.js";
import { MemoryRateLimitStore } from "./memory-store.js";
import { lockoutRoutes, routeOf, type LimitedRequest } from "./routes.js";

/** Runs the request's action (the router). */
export type Next = () => ResponseInternal | Promise<ResponseInternal>;

/** Limits one request: answers it, or runs `next` and notes how a sign-in ended. */
export type Limiter = (ctx: AuthContext, req: LimitedRequest, next: Next) => Promise<ResponseInternal>;

/** Actions that answer JSON whatever the client asked: a refusal there is JSON too. */
const jsonActions = new Set(["session", "sessions", "webauthn-options"]);

/** The refusal: 429 (503 when the store failed closed) with `Retry-After`, as JSON `{ url }` or the error page. */
async function refusal(ctx: AuthContext, req: LimitedRequest, error: RateLimited, status: 429 | 503): Promise<ResponseInternal> {
  const headers = { "Retry-After": String(error.retryAfter), "Cache-Control": "private, no-cache, no-store" };
  const signIn = new URL(ctx.pages.signIn ?? `${ctx.baseUrl}/signin`, ctx.origin);
  signIn.searchParams.set("error", error.type);
  if (req.jsonMode || jsonActions.has(req.action)) return { status, headers, body: { url: signIn.toString() } };
  const { renderDocument } = await import("../pages/layout.js");
  const body = html`<p>There have been too many attempts from your network or for this account. Wait ${String(error.retryAfter)} seconds, then try again.</p>
<p class="muted">Error code: ${error.type}</p>
<p class="links"><a href="${signIn.toString()}">Sign in</a><a href="${ctx.origin}">Home</a></p>
`;
  return { status, headers, body: renderDocument({ title: "Too many attempts", theme: ctx.theme, body }) };
}

/**
 * Keys hold no address and no identifier: only a SHA-256 keyed with the first secret, so that
 * nobody reading the store can recover them by trying every IPv4 address or a list of emails.
 * Instances sharing a store share the secret, so they share the keys.
 */
const hashed = (ctx: AuthContext, value: string) => sha256Hex(`${ctx.secrets[0] ?? ""}\u0000${value}`);

/**
 * Makes the limiter of `RateLimit(options)`. Throws a `TypeError` for options that cannot work.
 */
export function createLimiter(options: RateLimitOptions): Limiter {
  const limits = routeLimits(options.routes);
  const store: RateLimitStore = options.store ?? new MemoryRateLimitStore();
  const source = addressSource(options.clientAddress);
  const lockout: Required<LockoutOptions> | undefined = options.lockout === false ? undefined : { ...defaultLockout, ...options.lockout };
  const prefix = options.keyPrefix ?? "latch:rl:";

  const refuse = async (ctx: AuthContext, req: LimitedRequest, route: RateLimitRoute, scope: "ip" | "account" | "lockout" | "store", ttl: number) => {
    const retryAfter = Math.max(1, Math.ceil(ttl / 1000));
    const error = new RateLimited(`${route}: too many requests (${scope}); retry after ${retryAfter} s.`, retryAfter);
    // One line, with the route and what was counted; never the address or the identifier.
    ctx.logger.warn(error.type, error.message);
    await ctx.events.rateLimited?.({ route, scope, retryAfter });
    return refusal(ctx, req, error, scope === "store" ? 503 : 429);
  };

  /** A failed sign-in for `account`: count it, and past the free failures, block the account for a doubling delay. */
  const failed = async (account: string, lock: Required<LockoutOptions>) => {
    const { count } = await store.hit(`${prefix}fail:${account}`, lock.memory * 1000);
    if (count < lock.freeFailures) return;
    const delay = Math.min(lock.maxDelay, lock.baseDelay * 2 ** Math.min(30, count - lock.freeFailures));
    await store.set(`${prefix}lock:${account}`, 1, delay * 1000);
  };

  return async (ctx, req, next) => {
    const matched = routeOf(ctx, req);
    const limit = matched && limits[matched.route];
    if (!matched || !limit) return next();
    const { route } = matched;
    const ip = clientKey(req.request, source);
    const account = matched.account === undefined ? undefined : await hashed(ctx, matched.account);
    const lock = lockoutRoutes.has(route) ? lockout : undefined;
    try {
      if (lock && account !== undefined) {
        const blocked = await store.get(`${prefix}lock:${account}`);
        if (blocked) return await refuse(ctx, req, route, "lockout", blocked.ttl);
      }
      const window = limit.window * 1000;
      if (ip !== undefined && limit.ip) {
        const hit = await store.hit(`${prefix}${route}:ip:${await hashed(ctx, ip)}`, window);
        if (hit.count > limit.ip) return await refuse(ctx, req, route, "ip", hit.ttl);
      }
      if (account !== undefined && limit.account) {
        const hit = await store.hit(`${prefix}${route}:account:${account}`, window);
        if (hit.count > limit.account) return await refuse(ctx, req, route, "account", hit.ttl);
      }
    } catch (error) {
      if (error instanceof AuthError) throw error;
      const closed = limit.onStoreError === "closed";
      ctx.logger.error("RateLimitStoreError", new AuthError(`The rate limit store failed; ${route} fails ${closed ? "closed (503)" : "open"}.`, { cause: { err: error as Error } }));
      if (closed) return refuse(ctx, req, route, "store", 30_000);
      return next();
    }
    if (!lock || account === undefined) return next();
    let response: ResponseInternal;
    try {
      response = await next();
    } catch (error) {
      // A refused sign-in counts toward the account's backoff, known account or not: the same
      // code runs for both, so neither the answer nor the store tells them apart.
      if (error instanceof CredentialsSignin || error instanceof Verification) await failed(account, lock).catch((e) => ctx.logger.error("RateLimitStoreError", e));
      throw error;
    }
    // Signed in: the account's failures are forgiven.
    if (route === "credentials" || (route === "callback" && req.method === "GET")) {
      await Promise.all([store.delete(`${prefix}fail:${account}`), store.delete(`${prefix}lock:${account}`)]).catch((e) => ctx.logger.error("RateLimitStoreError", e));
    }
    return response;
  };
}
