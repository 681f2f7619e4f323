/**
 * What a protected resource (an API, an MCP server) does with the provider's access tokens:
 * verify the JWT (RFC 9068) against the provider's keys, its issuer, its audience (the resource),
 * its expiry and the scopes it must carry.
 *
 * @module @latch/oidc-provider/resource
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from "jose";

/** Why an access token was refused; `status` is the HTTP answer (RFC 6750 §3.1). */
export class AccessTokenRefused extends Error {
  /** The stable type of this error. */
  static readonly type = "AccessTokenRefused";
  /** The stable type of this error. */
  readonly type = "AccessTokenRefused" as const;
  override readonly name = "AccessTokenRefused";
  constructor(
    /** `invalid_token` (401: missing, malformed, badly signed, expired, another audience or issuer) or `insufficient_scope` (403). */
    readonly error: "invalid_token" | "insufficient_scope",
    message: string,
    /** 401 or 403. */
    readonly status: 401 | 403 = error === "insufficient_scope" ? 403 : 401,
  ) {
    super(message);
  }
}

/** What {@link accessTokenVerifier} checks a token against. */
export interface AccessTokenVerifierOptions {
  /** The authorization server's issuer (the site's origin). */
  readonly issuer: string;
  /** This resource's indicator: the token's `aud` must name it. */
  readonly resource: string;
  /** Where the provider's public keys are. Default: `<issuer>/auth/oauth2/jwks`. */
  readonly jwksUri?: string;
  /** Seconds of clock skew tolerated. Default 5. */
  readonly clockTolerance?: number;
}

/** A verified access token: who, for which client, with which scopes. */
export interface VerifiedAccessToken {
  /** The user's id; for a client-credentials token, the client's id. */
  readonly subject: string;
  readonly clientId: string;
  readonly scopes: readonly string[];
  /** Expiry, seconds since the epoch. */
  readonly expiresAt: number;
  readonly claims: JWTPayload;
}

/**
 * Makes the verifier of the provider's JWT access tokens for one resource: signature (the
 * provider's keys, fetched and cached), `typ` `at+jwt`, issuer, audience, expiry, and the scopes
 * a call needs. A token revoked before it expires still verifies here (it is not looked up):
 * keep access-token lifetimes short, as the provider's default of 15 minutes does.
 *
 * @example
 * ```ts
 * import { accessTokenVerifier } from "@latch/oidc-provider/resource"
 * const verify = accessTokenVerifier({ issuer: "https://app.example", resource: "https://api.app.example/" })
 * const token = await verify("eyJ…", ["notes:read"])
 * ```
 */
export function accessTokenVerifier(options: AccessTokenVerifierOptions): (token: string | undefined, scopes?: readonly string[]) => Promise<VerifiedAccessToken> {
  const keys = createRemoteJWKSet(new URL(options.jwksUri ?? `${options.issuer}/auth/oauth2/jwks`));
  return async (token, scopes = []) => {
    if (!token) throw new AccessTokenRefused("invalid_token", "No access token.");
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: options.issuer, audience: options.resource, typ: "at+jwt", clockTolerance: options.clockTolerance ?? 5, requiredClaims: ["exp", "sub", "client_id"] }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new AccessTokenRefused("invalid_token", "The access token has expired.");
      if (error instanceof errors.JWTClaimValidationFailed) throw new AccessTokenRefused("invalid_token", `The access token is not for this resource (${error.claim}).`);
      throw new AccessTokenRefused("invalid_token", "The access token is not valid.");
    }
    const granted = typeof payload.scope === "string" ? payload.scope.split(" ").filter(Boolean) : [];
    const missing = scopes.filter((scope) => !granted.includes(scope));
    if (missing.length) throw new AccessTokenRefused("insufficient_scope", `The access token lacks the scope ${missing.join(" ")}.`);
    return { subject: payload.sub!, clientId: String(payload.client_id), scopes: granted, expiresAt: payload.exp!, claims: payload };
  };
}
