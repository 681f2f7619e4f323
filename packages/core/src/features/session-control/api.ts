/**
 * The server API of session control, each function taking the same config object as `Auth()`.
 * The work is in `control.ts`, loaded on the first call, so that an app that never calls these
 * carries none of it.
 */
import { resolveConfig, staticConfig } from "../../config/resolve.js";
import { parseCookies } from "../../http/parse.js";
import type { AuthConfig } from "../../types/config.js";
import type { SessionInfo } from "./control.js";

export type { SessionInfo } from "./control.js";

const control = () => import("./control.js");

/**
 * The user's current sessions (database strategy): opaque `id`, `createdAt`, `lastSeenAt`,
 * `expires`, `userAgent`, and `ip` when the app opted in. Needs the adapter's `listSessions`.
 * Given the `request`, the session of its cookie is marked `current` (its `id` is what
 * `revokeOtherSessions` keeps).
 *
 * @example
 * ```ts
 * import { listSessions, revokeOtherSessions } from "@latch/core"
 * const sessions = await listSessions(authConfig, user.id, { request })
 * const current = sessions.find((s) => s.current)
 * if (current) await revokeOtherSessions(authConfig, user.id, current.id)
 * ```
 */
export async function listSessions(config: AuthConfig, userId: string, options: { request?: Request } = {}): Promise<SessionInfo[]> {
  const { userSessions } = await control();
  const { request } = options;
  if (!request) return userSessions(staticConfig(config), userId);
  const { cookies } = resolveConfig(config, new URL(request.url));
  return userSessions(staticConfig(config), userId, { sessionToken: parseCookies(request.headers.get("cookie"))[cookies.sessionToken.name] });
}

/**
 * Ends one session of the user, by its opaque id: that browser is signed out at its next
 * request. Returns `false`, deleting nothing, when the user has no session with this id
 * (another user's session is never touched). With JWT sessions the id is the token's `sid`,
 * revoked for this user only. Emits `sessionRevoked`.
 *
 * @example
 * ```ts
 * import { revokeSession } from "@latch/core"
 * const ended: boolean = await revokeSession(authConfig, user.id, sessionId)
 * ```
 */
export async function revokeSession(config: AuthConfig, userId: string, sessionId: string): Promise<boolean> {
  const { endUserSession } = await control();
  return endUserSession(staticConfig(config), userId, sessionId);
}

/**
 * Ends every session of the user except the one with id `currentSessionId` ("sign out
 * everywhere else"). Returns how many ended: with JWT sessions (`session.revocation` needed) the
 * count is unknown and `null`; their tokens are refused within the revocation cache period.
 * Emits `sessionRevoked`.
 *
 * @example
 * ```ts
 * import { revokeOtherSessions } from "@latch/core"
 * await revokeOtherSessions(authConfig, user.id, currentSessionId)
 * ```
 */
export async function revokeOtherSessions(config: AuthConfig, userId: string, currentSessionId: string): Promise<number | null> {
  const { endOtherUserSessions } = await control();
  return endOtherUserSessions(staticConfig(config), userId, currentSessionId);
}

/**
 * Ends every session of the user: the one-line call for a password change or an account
 * deletion. Returns how many ended (`null` with JWT sessions, whose count is unknown). Works for
 * both strategies (JWT: sets the user's "valid after" mark in the revocation store). Emits
 * `sessionRevoked`.
 *
 * @example
 * ```ts
 * import { revokeAllSessions } from "@latch/core"
 * await revokeAllSessions(authConfig, user.id) // after the password changed
 * ```
 */
export async function revokeAllSessions(config: AuthConfig, userId: string): Promise<number | null> {
  const { endAllUserSessions } = await control();
  return endAllUserSessions(staticConfig(config), userId);
}
