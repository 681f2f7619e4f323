/**
 * Revocation of JWT sessions: a session id in each token, a shared store, a bounded cache.
 *
 * @module @latch/core/revocation
 */
import { createRevocation } from "./revocation.js";
import type { RevocationOptions, SessionRevocation } from "../../types/session-options.js";

export type { RevocationOptions, RevocationState, RevocationStore, SessionRevocation } from "../../types/session-options.js";

/**
 * Makes JWT sessions revocable (`session.revocation`). Each new token carries a session id; a
 * read asks `store` whether it was revoked at most once per `cacheSeconds` (default 30) per
 * session on each instance, so a revoked token stays usable for at most `cacheSeconds` there
 * (the instance that revoked it refuses it at once). `revokeSession`, `revokeOtherSessions` and
 * `revokeAllSessions` of `@latch/core` then work for JWT sessions too, and sign-out revokes the
 * session it ends, so a copy of its cookie is refused afterwards.
 *
 * @example
 * ```ts
 * import { JwtRevocation } from "@latch/core/revocation"
 * import { RedisRevocationStore } from "@latch/redis"
 * const config = {
 *   session: { strategy: "jwt", revocation: JwtRevocation({ store: RedisRevocationStore(redis), cacheSeconds: 30 }) },
 *   providers: [...],
 * }
 * ```
 */
export function JwtRevocation(options: RevocationOptions): SessionRevocation {
  return createRevocation(options);
}
