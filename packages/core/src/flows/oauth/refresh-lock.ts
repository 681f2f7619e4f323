/**
 * The refresh of provider tokens kept in JWT sessions, coordinated across app instances through
 * a lock store (`session.refreshLock`, such as `RedisRefreshLock` of `@latch/redis`). A JWT
 * session is stored nowhere, so the refresh token itself names the refresh: every instance
 * holding a cookie with the same refresh token takes the same lock **before** the grant is sent;
 * the holder leaves its outcome (the new tokens, or the provider's refusal) under the same name,
 * and the others read it instead of sending the token again.
 *
 * The store sees a SHA-256 digest as the name and the outcome sealed (the session token's JWE)
 * with a key derived from the refresh token: only a holder of that refresh token, who could
 * refresh with it anyway, can read the new tokens.
 *
 * When the store cannot be reached, no grant is sent (two instances could send the same refresh
 * token, and a provider that detects reuse would end the user's grant): the call fails as a
 * passing failure, which writes nothing and may be retried. Once a grant has succeeded, a store
 * that fails to keep its outcome does not take the new tokens from the caller that holds them.
 */
import { RefreshTokenError } from "../../errors.js";
import type { InternalOAuthProvider } from "../../config/providers.js";
import { openJwt, sealJwt, sha256Hex } from "../../crypto/index.js";
import type { RefreshLockStore } from "../../types/session-options.js";
import {
  grantError, isFresh, leaseMs, refreshGrant, refusalCode, refusedError, sleep, storedTokens, waitMs, type ProviderTokens,
} from "./refresh-grant.js";

type Fresh = ProviderTokens & { access_token: string };

/** What the lock holder leaves for the others: the refreshed tokens, or the provider's refusal code. */
type Outcome = { tokens: Fresh } | { refused: string };

/** The longest an outcome is kept, in seconds (a request that still carries the old cookie can read it). */
const keepSeconds = 60 * 60;

const salt = "latch refresh outcome";

function seal(refreshToken: string, outcome: Outcome, keepSeconds: number): Promise<string> {
  return sealJwt({ payload: { outcome }, secret: refreshToken, salt, maxAge: keepSeconds });
}

async function open(refreshToken: string, stored: string | null): Promise<Outcome | null> {
  if (!stored) return null;
  try {
    return (await openJwt<{ outcome: Outcome }>({ token: stored, secrets: [refreshToken], salt })).outcome ?? null;
  } catch {
    return null; // Not sealed with this refresh token, or expired: as if nothing were there.
  }
}

/** A usable outcome: a refusal, or tokens still fresh (a provider that does not rotate reuses the name). */
function settled(outcome: Outcome | null): Outcome | null {
  if (!outcome) return null;
  return "refused" in outcome || isFresh(outcome.tokens) ? outcome : null;
}

function result(providerId: string, outcome: Outcome): Fresh {
  if ("refused" in outcome) throw refusedError(providerId, outcome.refused);
  return outcome.tokens;
}

/** A store failure as a passing failure: nothing is written and a later call tries again. */
async function fromStore<T>(providerId: string, call: () => PromiseLike<T> | T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new RefreshTokenError("The refresh lock's store could not be reached; no refresh was sent.", { cause: { err: error as Error, providerId } });
  }
}

/**
 * Refreshes `current` (a JWT session's tokens of `provider`) under the lock of its refresh
 * token, or waits for and reads the outcome of the instance that holds it.
 */
export async function refreshUnderLock(lock: RefreshLockStore, provider: InternalOAuthProvider, current: ProviderTokens & { refresh_token: string }): Promise<Fresh> {
  const refreshToken = current.refresh_token;
  const name = await sha256Hex(`latch refresh lock\u0000${refreshToken}`);
  const holder = crypto.randomUUID();
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; ; attempt++) {
    const done = settled(await open(refreshToken, await fromStore(provider.id, () => lock.result(name))));
    if (done) return result(provider.id, done);
    if (await fromStore(provider.id, () => lock.acquire(name, holder, new Date(Date.now() + leaseMs)))) {
      // Another instance may have finished between our read and the lock.
      const finished = settled(await open(refreshToken, await fromStore(provider.id, () => lock.result(name))));
      let outcome: Outcome;
      if (finished) outcome = finished;
      else {
        try {
          outcome = { tokens: storedTokens(await refreshGrant(provider, refreshToken), current) };
        } catch (error) {
          const refused = refusalCode(error);
          // A failure that says nothing about the token (the network, a 5xx) is not shared: the
          // lock ends and the next caller tries again.
          await fromStore(provider.id, async () => lock.release(name, holder, refused ? await seal(refreshToken, { refused }, keepSeconds) : null, new Date(Date.now() + keepSeconds * 1000))).catch(() => {});
          throw grantError(provider.id, error);
        }
      }
      // Kept while the new access token lasts, at most an hour.
      const expiresAt = "tokens" in outcome && typeof outcome.tokens.expires_at === "number" ? outcome.tokens.expires_at : Infinity;
      const keep = Math.max(1, Math.min(keepSeconds, Math.floor(expiresAt - Date.now() / 1000)));
      const sealed = await seal(refreshToken, outcome, keep);
      // The grant is spent: this caller keeps its outcome even if the store cannot record it (the
      // others then wait out the lease and fail as a passing failure).
      await fromStore(provider.id, () => lock.release(name, holder, sealed, new Date(Date.now() + keep * 1000))).catch(() => {});
      return result(provider.id, outcome);
    }
    await sleep(Math.min(25 * 2 ** attempt, 200));
    if (Date.now() > deadline) throw new RefreshTokenError("Another instance's refresh did not finish in time.", { cause: { providerId: provider.id } });
  }
}
