/**
 * Sessions for clients that are not browsers: a mobile or desktop app, a command-line tool, a
 * script. They send the session token as `Authorization: Bearer <token>` instead of a cookie.
 *
 * @module @latch/core/bearer
 */
import type { AuthRequest } from "../../http/request.js";
import { bearerSessionsCode, featureCode } from "../../symbols.js";
import type { ResponseInternal } from "../../types/response.js";
import type { BearerSessionsOption, BearerSessionsOptions } from "../../types/session-options.js";
import { bearerCode } from "./bearer.js";
import { bearerRows } from "./rows.js";

export type { BearerSessionsOption, BearerSessionsOptions } from "../../types/session-options.js";
export { InvalidBearerCode, type BearerSessionError } from "./errors.js";

/**
 * Turns on bearer sessions. `Authorization: Bearer <token>` is read as the session wherever Latch
 * reads one (`GET <base>/session`, sign-out, the sessions list and its revocation, the second
 * factors, an integration's `auth()`), the session cookie winning when both come; such a request
 * needs no CSRF token, as no browser sends the header to another site without its consent. A
 * sign-in sent with `X-Auth-Return-Token: 1` (from the site's own pages, or from a client that is
 * not a browser) answers `{ token }`: the database session's token, or the JWT session's JWE.
 * With `redirectUris`, an app that signs in through the system browser starts at
 * `GET <base>/bearer/start` (a listed `redirect_uri` and a PKCE S256 challenge), is sent back to
 * its address with a one-time code once the user signed in, and exchanges the code and its
 * verifier at `POST <base>/bearer/exchange` for the session's token. Pass it as `session.bearer`.
 *
 * @example
 * ```ts
 * import { BearerSessions } from "@latch/core/bearer"
 * const config = { adapter, providers, session: { strategy: "database", bearer: BearerSessions() } }
 * ```
 */
export function BearerSessions(options: BearerSessionsOptions = {}): BearerSessionsOption {
  const redirectUris = Object.freeze([...(options.redirectUris ?? [])]);
  return {
    [bearerSessionsCode]: { ...bearerCode, redirectUris },
    [featureCode]: {
      rows: redirectUris.length ? bearerRows : [],
      // Every request is read for a bearer token; the answer of a sign-in that asked for its session's token becomes `{ token }`.
      route(ctx: Parameters<typeof bearerCode.adopt>[0] & Parameters<typeof bearerCode.answer>[0], req: AuthRequest, next: (req: AuthRequest) => Promise<ResponseInternal>) {
        const adopted = bearerCode.adopt(ctx, req);
        return [adopted, async () => bearerCode.answer(ctx, adopted, await next(adopted))] as const;
      },
    },
  };
}
