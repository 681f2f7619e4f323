/**
 * `GET <base>/token` and `GET <base>/jwks` (PROTOCOL §13): the signed-in user's access token, and
 * the public keys that verify it.
 */
import type { AuthContext } from "../../config/context.js";
import { UnknownAction } from "../../errors.js";
import { randomUUID } from "../../crypto/index.js";
import { signJwt } from "../../crypto/signing.js";
import type { AuthRequest } from "../../http/request.js";
import { noStore } from "../../http/respond.js";
import { requestSource } from "../../security/request-checks.js";
import type { SessionReadContext } from "../../config/slices.js";
import { currentDatabaseUser, currentJwtUser } from "../../session/index.js";
import { accessTokensCode } from "../../symbols.js";
import type { AccessTokenSettings } from "../../types/access-token-options.js";
import type { ResponseInternal } from "../../types/response.js";
import { CrossSiteTokenRequest, InvalidAccessTokens, NotSignedIn } from "./errors.js";
import { keyRing } from "./key-ring.js";

// What the app's claims cannot replace: the token would no longer say who issued it, for whom and until when.
const registered = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

function settingsOf(ctx: Pick<AuthContext, "accessTokens">): AccessTokenSettings {
  // The row is carried by the option: it is set whenever these handlers run.
  return ctx.accessTokens![accessTokensCode].settings;
}

/** The app's extra claims, without the registered ones. */
async function extraClaims(settings: AccessTokenSettings, userId: string, request: Request): Promise<Record<string, unknown>> {
  if (!settings.claims) return {};
  const added: unknown = await settings.claims({ userId, request });
  if (!added || typeof added !== "object" || Array.isArray(added)) throw new InvalidAccessTokens("AccessTokens: claims must return an object.");
  return Object.fromEntries(Object.entries(added).filter(([name]) => !registered.has(name)));
}

/**
 * `GET /token`: `{ token, expires }` for the signed-in user; 401 `NotSignedIn` otherwise. A request
 * another site's page sent (its `Origin` or `Sec-Fetch-Site` says so) is refused with 403
 * `CrossSiteTokenRequest` before the session is read: the answer carries no CORS header either, so
 * no page elsewhere reads a token with the user's cookie.
 */
export async function tokenAction(ctx: SessionReadContext & Pick<AuthContext, "origin" | "baseUrl" | "accessTokens">, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("GET token.");
  if (requestSource(req.headers, ctx.origin) === "elsewhere") throw new CrossSiteTokenRequest("Access tokens are given to this site's own pages and to clients that are not browsers, not to another site's page.");
  const current = ctx.session.strategy === "jwt" ? await currentJwtUser(ctx, req) : await currentDatabaseUser(ctx, req);
  if (!current) throw new NotSignedIn("Sign in to get an access token.");
  const settings = settingsOf(ctx);
  const now = Date.now();
  const { signing } = await keyRing(ctx, settings, now);
  const iat = Math.floor(now / 1000);
  const exp = iat + settings.lifetime;
  const extra = await extraClaims(settings, current.id, req.request);
  const aud = settings.audience ?? ctx.origin;
  const token = await signJwt({ ...extra, iss: ctx.baseUrl, sub: current.id, aud: typeof aud === "string" ? aud : [...aud], iat, exp, jti: randomUUID() }, signing);
  return { body: { token, expires: new Date(exp * 1000).toISOString() }, headers: { ...noStore } };
}

/**
 * `GET /jwks`: `{ keys }`, the public keys that verify access tokens (RFC 7517), newest first.
 * Public: any origin may read it, and caches may keep it five minutes (a verifier that meets an
 * unknown `kid` fetches it again).
 */
export async function jwksAction(ctx: Pick<AuthContext, "secrets" | "adapter" | "accessTokens">, req: AuthRequest): Promise<ResponseInternal> {
  if (req.providerId !== undefined) throw new UnknownAction("GET jwks.");
  const { published } = await keyRing(ctx, settingsOf(ctx), Date.now());
  return { body: { keys: published }, headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } };
}
