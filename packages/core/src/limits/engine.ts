/**
 * The rate limiter: counts each limited request per client network and per account, refuses with
 * 429 past a limit, and backs an account off after failed sign-ins, per client (device or
 * network), so that nobody can lock another person out. Loaded at the first request of an app
 * that turned limits on.
 */
import type { AuthContext } from "../config/context.js";
import type { CookieContext, PageContext } from "../config/slices.js";
import { rateLimitedResponse } from "./refusal.js";
import { AuthError, CredentialsSignin, RateLimited, Verification } from "../errors.js";
import type { LockoutOptions, RateLimitOptions, RateLimitRoute, RateLimitState } from "../types/rate-limit.js";
import type { ResponseInternal } from "../types/response.js";
import { addressSource, clientKey } from "./client-address.js";
import { knowsAccount, readDevice } from "./device.js";
import { hashed, lockoutGeneration } from "./keys.js";
import { classify, type LimitedRequest } from "./routes.js";

/** Runs the request's action (the router). */
export type Next = () => ResponseInternal | Promise<ResponseInternal>;

/** Who the request is (`user:<id>`), for routes that cannot key it by network; read only when needed. */
export type Subject = () => Promise<string | undefined>;

/** Limits one request: answers it, or runs `next` and notes how a sign-in ended. */
export type Limiter = (ctx: PageContext & CookieContext & Pick<AuthContext, "providers" | "events" | "logger">, req: LimitedRequest, next: Next, subject?: Subject) => Promise<ResponseInternal>;

type Scope = "ip" | "account" | "user" | "lockout" | "store";

/**
 * The backoff bucket of one account for one client: the browser when its device cookie signed in
 * to that account before (OWASP "device cookies"), else the client's network, else the one
 * bucket of every unknown device. Keyed with the account's generation, which a spent reset link
 * moves on.
 */
async function lockoutBucket(ctx: CookieContext, state: RateLimitState, req: LimitedRequest, family: string, account: string, ip: string | undefined) {
  const device = await readDevice(ctx, req.cookies);
  const known = !!device && knowsAccount(device, account);
  const client = known ? `device:${device.id}` : ip !== undefined ? `ip:${ip}` : "unknown-device";
  const generation = await lockoutGeneration(state, account);
  return { known, generation, bucket: await hashed(ctx, `${family}\u0000${account}\u0000${client}\u0000${generation}`) };
}

/**
 * Makes the limiter of `RateLimit(options)` over its checked `state`. Throws a `TypeError` for
 * options that cannot work.
 */
export function createLimiter(options: RateLimitOptions, state: RateLimitState): Limiter {
  const { store, keyPrefix: prefix, routes: limits, lockout } = state;
  const source = addressSource(options.clientAddress);

  const refuse = async (ctx: PageContext & Pick<AuthContext, "events" | "logger">, req: LimitedRequest, route: RateLimitRoute, scope: Scope, ttl: number) => {
    const retryAfter = Math.max(1, Math.ceil(ttl / 1000));
    const error = new RateLimited(`${route}: too many requests (${scope}); retry after ${retryAfter} s.`, retryAfter);
    // One line, with the route and what was counted; never the address or the identifier.
    ctx.logger.warn(error.type, error.message);
    await ctx.events.rateLimited?.({ route, scope: scope === "user" ? "account" : scope, retryAfter });
    return rateLimitedResponse(ctx, req, error, scope === "store" ? 503 : 429);
  };

  /** A failed sign-in in `bucket`: count it, and past the free failures, block the bucket for a doubling delay. */
  const failed = async (bucket: string, lock: Readonly<Required<LockoutOptions>>) => {
    const { count } = await store.hit(`${prefix}fail:${bucket}`, lock.memory * 1000);
    if (count < lock.freeFailures) return;
    const delay = Math.min(lock.maxDelay, lock.baseDelay * 2 ** Math.min(30, count - lock.freeFailures));
    await store.set(`${prefix}lock:${bucket}`, 1, delay * 1000);
  };

  return async (ctx, req, next, whoIs) => {
    // Read at most once per request, and only by a count that needs it.
    let who: Promise<string | undefined> | undefined;
    const subject = whoIs && (() => (who ??= whoIs()));
    const matched = classify(ctx, req);
    const limit = matched && limits[matched.limit.route];
    if (!matched || !limit) return next();
    const { route, lockout: family, perUser } = matched.limit;
    const ip = clientKey(req.request, source);
    const account = matched.account === undefined ? undefined : await hashed(ctx, matched.account);
    const lock = family && account !== undefined ? lockout : undefined;
    let bucket: string | undefined;
    try {
      let knownDevice = false;
      let generation = 0;
      if (lock) {
        ({ known: knownDevice, generation, bucket } = await lockoutBucket(ctx, state, req, family!, account!, ip));
        const blocked = await store.get(`${prefix}lock:${bucket}`);
        if (blocked) return await refuse(ctx, req, route, "lockout", blocked.ttl);
      }
      const window = limit.window * 1000;
      // Without the client's address (Next.js without a declared one), a route that names no
      // account is counted per signed-in (or waiting) user instead, else in one shared bucket.
      const client = ip ?? (account === undefined ? ((await subject?.()) ?? "anonymous") : undefined);
      if (client !== undefined && limit.ip) {
        const hit = await store.hit(`${prefix}${route}:ip:${await hashed(ctx, client)}`, window);
        if (hit.count > limit.ip) return await refuse(ctx, req, route, "ip", hit.ttl);
      }
      // A browser that signed in to the account before is not held back by others' requests for it.
      if (account !== undefined && limit.account && !knownDevice) {
        // A spent reset link (a new generation) starts the account's count again, as its locks.
        const hit = await store.hit(`${prefix}${route}:account:${account}${generation ? `:${generation}` : ""}`, window);
        if (hit.count > limit.account) return await refuse(ctx, req, route, "account", hit.ttl);
      }
      if (perUser && limit.account) {
        const user = await subject?.();
        if (user !== undefined) {
          const hit = await store.hit(`${prefix}${route}:user:${await hashed(ctx, user)}`, window);
          if (hit.count > limit.account) return await refuse(ctx, req, route, "user", hit.ttl);
        }
      }
    } catch (error) {
      if (error instanceof AuthError) throw error;
      const closed = limit.onStoreError === "closed";
      ctx.logger.error("RateLimitStoreError", new AuthError(`The rate limit store failed; ${route} fails ${closed ? "closed (503)" : "open"}.`, { cause: { err: error as Error } }));
      if (closed) return refuse(ctx, req, route, "store", 30_000);
      return next();
    }
    let response: ResponseInternal;
    try {
      response = await next();
    } catch (error) {
      // A limit the action counted itself (the address or user of a mail it was about to send).
      if (error instanceof RateLimited) return refuse(ctx, req, route, "account", error.retryAfter * 1000);
      // A refused sign-in counts toward the bucket's backoff, known account or not: the same
      // code runs for both, so neither the answer nor the store tells them apart.
      if (lock && bucket && (error instanceof CredentialsSignin || error instanceof Verification)) {
        await failed(bucket, lock).catch((e) => ctx.logger.error("RateLimitStoreError", e));
      }
      throw error;
    }
    // Signed in: the bucket's failures are forgiven.
    if (bucket && (route === "credentials" || (route === "callback" && req.method === "GET"))) {
      await Promise.all([store.delete(`${prefix}fail:${bucket}`), store.delete(`${prefix}lock:${bucket}`)]).catch((e) => ctx.logger.error("RateLimitStoreError", e));
    }
    return response;
  };
}
