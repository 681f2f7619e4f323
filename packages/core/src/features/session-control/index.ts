/**
 * Session control for people: the "your sessions" page and endpoints, and the browser summary
 * kept with each new database session.
 *
 * @module @latch/core/sessions
 */
import { summarizeUserAgent } from "../../session/user-agent.js";
import { featureCode } from "../../symbols.js";
import type { SessionControlOption } from "../../types/session-options.js";
import { sessionControlRows } from "./rows.js";

export type { SessionControlOption } from "../../types/session-options.js";

/**
 * Turns on `GET <base>/sessions` (the signed-in user's sessions, as JSON or as the built-in page)
 * and `POST <base>/sessions/revoke` (`{ id }`, `{ others: true }` or `{ all: true }`, CSRF
 * checked), and keeps a short browser summary ("Firefox 128 on Linux") with each new database
 * session. Pass it as `session.control`. Works with database sessions, and with JWT sessions made
 * revocable by `JwtRevocation` (which list only the current session).
 *
 * @example
 * ```ts
 * import { SessionControl } from "@latch/core/sessions"
 * const config = { adapter, session: { strategy: "database", control: SessionControl() }, providers: [...] }
 * ```
 */
export function SessionControl(): SessionControlOption {
  return {
    [featureCode]: { rows: sessionControlRows, describeDevice: summarizeUserAgent, english: () => import("./english.js").then((m) => m.sessionControlEnglish) },
  };
}
