import { env } from "$env/dynamic/private";
import { accessTokenGuard, type VerifiedAccessToken } from "@latch/oidc-provider/resource";

/**
 * The notes API (every path under `/api`) is a protected resource: it accepts access tokens of a
 * Latch authorization server (`@latch/oidc-provider`) running elsewhere, named by
 * `NOTES_API_ISSUER`. Its resource indicator is `NOTES_API_RESOURCE`, by default this site's
 * origin (`AUTH_URL`, else `ORIGIN`). Without an issuer the API is not configured: `/api/*`
 * answers 503 and the metadata 404.
 */
export interface NotesApi {
  readonly issuer: string;
  readonly resource: string;
  readonly scopes: readonly string[];
}

/** The API's settings from the environment, or `undefined` when no issuer is given. */
export function notesApi(): NotesApi | undefined {
  const site = env.AUTH_URL || env.ORIGIN;
  const resource = env.NOTES_API_RESOURCE || (site && new URL(site).origin);
  return env.NOTES_API_ISSUER && resource ? { issuer: env.NOTES_API_ISSUER, resource, scopes: ["notes:read"] } : undefined;
}

let guard: ((request: Request) => Promise<VerifiedAccessToken | Response>) | undefined;

/** The verified token of `request`, or the `Response` that refuses it (401, 403, or 503 unconfigured). */
export function notesApiToken(request: Request): Promise<VerifiedAccessToken | Response> {
  const api = notesApi();
  if (!api) return Promise.resolve(Response.json({ error: "not_configured", error_description: "The notes API has no authorization server (NOTES_API_ISSUER)." }, { status: 503 }));
  // Built once: the guard keeps the issuer's keys it fetched.
  guard ??= accessTokenGuard(api);
  return guard(request);
}
