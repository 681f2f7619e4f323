/**
 * Revocation of JWT sessions. A token carries its session id (`sid`) and start (`sat`, epoch
 * ms); a read asks the configured store whether that session, or every session of its user
 * started before a "valid after" mark, was revoked. Each instance reuses an answer for
 * `cacheSeconds` (the documented bound) in a bounded cache, never shared with other instances.
 * Reached only through `JwtRevocation` (`@latch/core/revocation`): an app without it carries none
 * of this code, and its reads make no store call.
 */
import type { JWT } from "../../types/entities.js";
import type { RevocationOptions, RevocationState, SessionRevocation } from "../../types/session-options.js";

interface Cached {
  state: RevocationState;
  /** When the store gave this answer (epoch ms). */
  at: number;
}

const keyOf = (userId: string, sessionId: string) => `${userId}\u0000${sessionId}`;

/** Builds the revocation of JWT sessions over `options.store`, with this instance's cache. */
export function createRevocation(options: RevocationOptions): SessionRevocation {
  const { store } = options;
  const cacheSeconds = options.cacheSeconds ?? 30;
  const cacheSize = options.cacheSize ?? 10_000;
  const cache = new Map<string, Cached>();

  async function stateOf(userId: string, sessionId: string): Promise<RevocationState> {
    const key = keyOf(userId, sessionId);
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < cacheSeconds * 1000) return hit.state;
    const state = await store.check(userId, sessionId);
    if (cacheSeconds > 0) {
      cache.delete(key);
      // Bounded: the entry stored longest ago goes first.
      if (cache.size >= cacheSize) cache.delete(cache.keys().next().value!);
      cache.set(key, { state, at: now });
    }
    return state;
  }

  const expiry = (keepSeconds: number) => new Date(Date.now() + (keepSeconds + cacheSeconds) * 1000);

  return {
    cacheSeconds,
    newSessionClaims: () => ({ sid: crypto.randomUUID(), sat: Date.now() }),
    async isRevoked(token: JWT) {
      if (typeof token.sub !== "string") return false;
      const sid = typeof token.sid === "string" ? token.sid : "";
      const state = await stateOf(token.sub, sid);
      if (sid && state.revoked) return true;
      if (state.validAfter === null || (sid && state.except === sid)) return false;
      // A token from before revocation was on has no start: its issue time stands in.
      const started = typeof token.sat === "number" ? token.sat : (token.iat ?? 0) * 1000;
      // A session started in the very millisecond of "sign out everywhere" is ended too.
      return started <= state.validAfter;
    },
    async revokeSession(userId, sessionId, keepSeconds) {
      await store.revokeSession(userId, sessionId, expiry(keepSeconds));
      // This instance stops accepting it at once.
      cache.delete(keyOf(userId, sessionId));
    },
    async revokeUser(userId, except, keepSeconds) {
      await store.revokeUser(userId, Date.now(), except, expiry(keepSeconds));
      const prefix = `${userId}\u0000`;
      for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
    },
  };
}
