/**
 * Deliberately broken responses from the OpenID Provider, for negative tests of an OAuth 2.0 /
 * OpenID Connect client: each kind breaks exactly one rule the client must enforce.
 */
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";

/**
 * One way to break the next response of the provider.
 *
 * ID token kinds change the `id_token` of the next token endpoint response (OpenID Connect Core 1.0
 * section 3.1.3.7 lists the checks they defeat):
 * - `id-token-other-key`: signed by a key that is not in the provider's JWKS (same `kid` and `alg`);
 *   for an HMAC-signed token (`HS*`, keyed with the client secret), by another secret.
 * - `id-token-alg-none`: an unsecured JWT, `alg: "none"` and an empty signature.
 * - `id-token-wrong-aud`: `aud` names another client; correctly signed.
 * - `id-token-wrong-iss`: `iss` names another issuer; correctly signed.
 * - `id-token-expired`: `exp` an hour in the past; correctly signed.
 * - `id-token-wrong-nonce`: `nonce` is not the one the client sent; correctly signed.
 *
 * Authorization response kinds change the next redirect back to the client:
 * - `authorization-response-wrong-iss`: the `iss` parameter names another issuer, as in a
 *   mix-up attack (RFC 9207 section 2.4).
 * - `authorization-response-no-iss`: the `iss` parameter is missing although discovery says
 *   `authorization_response_iss_parameter_supported: true` (RFC 9207 section 2.4).
 * - `access-denied`: the end-user refuses; the client receives `error=access_denied`.
 */
export type TamperKind =
  | "id-token-other-key"
  | "id-token-alg-none"
  | "id-token-wrong-aud"
  | "id-token-wrong-iss"
  | "id-token-expired"
  | "id-token-wrong-nonce"
  | "authorization-response-wrong-iss"
  | "authorization-response-no-iss"
  | "access-denied";

/** Every {@link TamperKind}, for tests that loop over them. */
export const tamperKinds: readonly TamperKind[] = [
  "id-token-other-key",
  "id-token-alg-none",
  "id-token-wrong-aud",
  "id-token-wrong-iss",
  "id-token-expired",
  "id-token-wrong-nonce",
  "authorization-response-wrong-iss",
  "authorization-response-no-iss",
  "access-denied",
];

/** The issuer that tampered responses claim to come from. */
export const attackerIssuer = "https://attacker.invalid";

/** The response a tamper kind applies to. */
export type TamperTarget = "token" | "authorization" | "interaction";

/** Which response `kind` changes. */
export function tamperTarget(kind: TamperKind): TamperTarget {
  if (kind.startsWith("id-token-")) return "token";
  if (kind === "access-denied") return "interaction";
  return "authorization";
}

/** Pending tampering: each entry is consumed by the first response it applies to, unless sticky. */
export class TamperQueue {
  readonly #pending: { kind: TamperKind; always: boolean }[] = [];

  /** Queues `kind`; with `always`, it applies to every matching response until {@link TamperQueue.clear}. */
  add(kind: TamperKind, always = false): void {
    this.#pending.push({ kind, always });
  }

  /** Removes every pending kind. */
  clear(): void {
    this.#pending.length = 0;
  }

  /** The kind to apply to a response of `target` now, if any; one-shot kinds are removed. */
  take(target: TamperTarget): TamperKind | undefined {
    const index = this.#pending.findIndex((p) => tamperTarget(p.kind) === target);
    const entry = this.#pending[index];
    if (!entry) return undefined;
    if (!entry.always) this.#pending.splice(index, 1);
    return entry.kind;
  }
}

/** The provider's own signing key, needed to re-sign ID tokens whose claims were changed. */
export interface SigningKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
}

let otherKey: Promise<CryptoKey> | undefined;

/** A signing key unknown to every provider, made once per process. */
function foreignKey(alg: string): Promise<CryptoKey> {
  otherKey ??= generateKeyPair(alg).then((pair) => pair.privateKey);
  return otherKey;
}

/** An HMAC key no client was registered with. */
const foreignSecret = new TextEncoder().encode("a-secret-no-client-was-registered-with-0123456789");

const hour = 3600;

/** Returns `idToken` broken the way `kind` says; `signingKey` re-signs changed claims. */
export async function tamperIdToken(kind: TamperKind, idToken: string, signingKey: SigningKey): Promise<string> {
  const header = decodeProtectedHeader(idToken);
  const claims: JWTPayload = decodeJwt(idToken);
  const now = Math.floor(Date.now() / 1000);
  const alg = header.alg ?? signingKey.alg;
  switch (kind) {
    case "id-token-other-key":
      return sign(claims, { ...header, alg }, alg.startsWith("HS") ? foreignSecret : await foreignKey(alg));
    case "id-token-alg-none": {
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
      return `${encode({ alg: "none", typ: "JWT" })}.${encode(claims)}.`;
    }
    case "id-token-wrong-aud":
      return sign({ ...claims, aud: "another-client", azp: undefined }, { ...header, alg }, signingKey.privateKey);
    case "id-token-wrong-iss":
      return sign({ ...claims, iss: attackerIssuer }, { ...header, alg }, signingKey.privateKey);
    case "id-token-expired":
      return sign({ ...claims, iat: now - 2 * hour, exp: now - hour }, { ...header, alg }, signingKey.privateKey);
    case "id-token-wrong-nonce":
      return sign({ ...claims, nonce: "not-the-nonce-you-sent" }, { ...header, alg }, signingKey.privateKey);
    default:
      return idToken;
  }
}

function sign(claims: JWTPayload, header: { alg: string; [name: string]: unknown }, key: CryptoKey | Uint8Array): Promise<string> {
  const payload = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
  return new SignJWT(payload).setProtectedHeader(header).sign(key);
}

/** Changes the parameters of an authorization response (before the provider encodes them). */
export function tamperAuthorizationResponse(kind: TamperKind, parameters: Record<string, unknown>): void {
  if (kind === "authorization-response-wrong-iss") parameters.iss = attackerIssuer;
  if (kind === "authorization-response-no-iss") delete parameters.iss;
}
