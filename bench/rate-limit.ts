/**
 * What rate limits cost, measured side by side:
 * - a credentials sign-in POST without limits, with the in-memory store, and with the Redis store
 *   (when Redis answers on 127.0.0.1:6379), limits set high enough never to refuse;
 * - the lockout path for a known account (wrong password) against an unknown one, and the
 *   refusal of a locked known account against a locked unknown one: the same code runs for both,
 *   so the figures should be within noise of each other. `authorize` does the same work for both
 *   (a constant-time compare of digests), as an app should; the bench measures Latch, not the app.
 */
import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import { Auth, setClientAddress, type AuthConfig } from "@latch/core";
import Credentials from "@latch/core/providers/credentials";
import { RateLimit, type RateLimitStore } from "@latch/core/rate-limit";
import { RedisRateLimitStore } from "@latch/redis";
import { Redis } from "ioredis";
import { latchConfig } from "./contender.js";
import { cookiePair, get, post } from "./fixtures.js";
import { measure, report } from "./measure.js";

const high = { ip: 1e9, account: 1e9 };
const routes = { credentials: high };

async function redisStore(): Promise<{ store: RateLimitStore; close: () => void } | string> {
  const redis = new Redis({ host: "127.0.0.1", port: 6379, lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    redis.disconnect();
    return `Redis not reachable on 127.0.0.1:6379 (${(error as Error).message})`;
  }
  const prefix = `latch-bench-${randomUUID().slice(0, 8)}:`;
  return {
    store: RedisRateLimitStore(redis, { prefix }),
    close: () => {
      void redis.keys(`${prefix}*`).then((keys) => (keys.length ? redis.del(...keys) : 0)).finally(() => redis.disconnect());
    },
  };
}

/** A CSRF cookie and token of `config`, for repeated POSTs. */
async function csrfOf(config: AuthConfig): Promise<{ csrf: string; csrfToken: string }> {
  const res = await Auth(get("csrf"), config as Omit<AuthConfig, "raw">);
  const csrf = cookiePair(res, "authjs.csrf-token");
  return { csrf, csrfToken: ((await res.json()) as { csrfToken: string }).csrfToken };
}

/** One sign-in POST from `ip` with `fields`, its body read. */
function signIn(config: AuthConfig, csrf: { csrf: string; csrfToken: string }, fields: Record<string, string>, ip: string) {
  return async () => {
    const request = post("callback/credentials", csrf.csrf, { csrfToken: csrf.csrfToken, ...fields });
    setClientAddress(request, ip);
    return (await Auth(request, config as Omit<AuthConfig, "raw">)).text();
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();
const stored = { username: "known", password: digest("the right password") };

/** Checks a username and password in constant time, doing the same work for known and unknown names. */
function authorize({ username, password }: Partial<Record<string, unknown>>) {
  const nameOk = timingSafeEqual(digest(String(username)), digest(stored.username));
  const passwordOk = timingSafeEqual(digest(String(password)), stored.password);
  return nameOk && passwordOk ? { id: "1", name: "Known" } : null;
}

export async function rateLimitBench(): Promise<void> {
  const plain = latchConfig();
  const memory: AuthConfig = { ...latchConfig(), rateLimit: RateLimit({ routes }) };
  const redis = await redisStore();
  const withRedis: AuthConfig | undefined = typeof redis === "string" ? undefined : { ...latchConfig(), rateLimit: RateLimit({ routes, store: redis.store }) };
  const names = {
    plain: "sign-in POST (/callback/credentials), no rate limits",
    memory: "sign-in POST, rate limits, memory store",
    redis: "sign-in POST, rate limits, Redis store (loopback)",
  };
  const cases = [
    { name: names.plain, run: signIn(plain, await csrfOf(plain), {}, "192.0.2.1") },
    { name: names.memory, run: signIn(memory, await csrfOf(memory), {}, "192.0.2.1") },
    ...(withRedis ? [{ name: names.redis, run: signIn(withRedis, await csrfOf(withRedis), {}, "192.0.2.1") }] : []),
  ];
  const costs = await measure(cases, { rounds: 9, minMs: 400 });
  report(`Latch: what rate limits cost a sign-in${typeof redis === "string" ? ` (Redis skipped: ${redis})` : ""}`, costs, [
    [names.memory, names.plain],
    ...(withRedis ? ([[names.redis, names.plain]] as [string, string][]) : []),
  ]);
  if (typeof redis !== "string") redis.close();

  // Lockout: failures counted (never locking: freeFailures is huge), then refusals of locked accounts.
  const lockoutConfig = (freeFailures: number): AuthConfig => ({
    ...latchConfig(),
    providers: [Credentials({ credentials: { username: {}, password: {} }, authorize })],
    rateLimit: RateLimit({ routes, lockout: { freeFailures, baseDelay: 900, maxDelay: 900 } }),
  });
  const counting = lockoutConfig(1e9);
  const locking = lockoutConfig(1);
  const [countingCsrf, lockingCsrf] = [await csrfOf(counting), await csrfOf(locking)];
  // Lock both accounts for the client the refusals come from (a lock holds one account for one
  // client: another address would not be locked out, and would sign in): one failure each.
  await signIn(locking, lockingCsrf, { username: "known", password: "wrong" }, "192.0.2.3")();
  await signIn(locking, lockingCsrf, { username: "unknown", password: "wrong" }, "192.0.2.3")();
  const timing = {
    knownFail: "failed sign-in, known account (wrong password)",
    unknownFail: "failed sign-in, unknown account",
    knownLocked: "refused, known account locked",
    unknownLocked: "refused, unknown account locked",
  };
  const lockout = await measure([
    { name: timing.knownFail, run: signIn(counting, countingCsrf, { username: "known", password: "wrong" }, "192.0.2.3") },
    { name: timing.unknownFail, run: signIn(counting, countingCsrf, { username: "unknown", password: "wrong" }, "192.0.2.3") },
    { name: timing.knownLocked, run: signIn(locking, lockingCsrf, { username: "known", password: "the right password" }, "192.0.2.3") },
    { name: timing.unknownLocked, run: signIn(locking, lockingCsrf, { username: "unknown", password: "the right password" }, "192.0.2.3") },
  ], { rounds: 9, minMs: 400 });
  report("Latch: lockout timing, known against unknown account (1.00x = no difference)", lockout, [
    [timing.knownFail, timing.unknownFail],
    [timing.knownLocked, timing.unknownLocked],
  ]);
}


