/**
 * Software statements (RFC 7591 §2.3): a JWT, signed by a party the app trusts, whose claims
 * are client metadata vouched for by that party.
 */
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from "jose";

/** A party whose software statements the provider accepts. */
export interface SoftwareStatementIssuer {
  /** The statement's `iss`, exactly. */
  readonly issuer: string;
  /** Its public keys; a statement must be signed by one of them with an asymmetric algorithm. */
  readonly jwks: JSONWebKeySet;
}

/** Which software statements registration accepts, and whether one is needed. */
export interface OAuthSoftwareStatements {
  /** The trusted issuers. A statement from any other is refused (`unapproved_software_statement`). */
  readonly issuers: readonly SoftwareStatementIssuer[];
  /** Refuse a registration that carries no statement (`invalid_software_statement`). Default false. */
  readonly required?: boolean;
}

/** The outcome for a registration body: the metadata to register, or the refusal's error code and description. */
export type StatementOutcome =
  | { readonly metadata: Record<string, unknown> }
  | { readonly error: "invalid_software_statement" | "unapproved_software_statement"; readonly description: string };

/** Asymmetric JWS algorithms only: a shared secret would let its every holder vouch. */
const asymmetric = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA", "Ed25519"];

/** The statement's claims that are about the JWT, not metadata of the client. */
const jwtClaims = new Set(["iss", "sub", "aud", "exp", "iat", "nbf", "jti"]);

const clockToleranceSeconds = 30;

/**
 * Applies a registration body's `software_statement`: verified against its issuer's keys, its
 * claims replace the body's fields of the same name, and the statement itself is kept as
 * metadata (RFC 7591 §3.2.1 returns it unmodified). Without `options`, a statement is dropped
 * unread (RFC 7591 §3.1.1 lets a server ignore it), so no unverified statement is ever stored.
 *
 * @param providerIssuer The provider's issuer: a statement with an `aud` must name it.
 */
export async function applySoftwareStatement(body: Record<string, unknown>, options: OAuthSoftwareStatements | undefined, providerIssuer: string): Promise<StatementOutcome> {
  const { software_statement: statement, ...rest } = body;
  if (!options) return { metadata: rest };
  if (statement === undefined) {
    return options.required ? { error: "invalid_software_statement", description: "A software statement is required to register here." } : { metadata: rest };
  }
  if (typeof statement !== "string") return invalid("software_statement must be a JWT.");
  let claimedIssuer: unknown;
  try {
    claimedIssuer = decodeJwt(statement).iss;
  } catch {
    return invalid("software_statement is not a JWT.");
  }
  if (typeof claimedIssuer !== "string") return invalid("The software statement names no issuer.");
  const trusted = options.issuers.find((candidate) => candidate.issuer === claimedIssuer);
  if (!trusted) return { error: "unapproved_software_statement", description: "The software statement's issuer is not trusted here." };
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(statement, createLocalJWKSet(trusted.jwks), { issuer: trusted.issuer, algorithms: asymmetric, clockTolerance: clockToleranceSeconds }));
  } catch {
    return invalid("The software statement's signature or lifetime does not verify.");
  }
  if (claims.iat !== undefined && claims.iat > Date.now() / 1000 + clockToleranceSeconds) return invalid("The software statement is issued in the future.");
  if (claims.aud !== undefined && ![claims.aud].flat().includes(providerIssuer)) return invalid("The software statement is meant for another server.");
  const vouched = Object.fromEntries(Object.entries(claims).filter(([name]) => !jwtClaims.has(name)));
  return { metadata: { ...rest, ...vouched, software_statement: statement } };
}

function invalid(description: string): StatementOutcome {
  return { error: "invalid_software_statement", description };
}
