/**
 * Signed access tokens for services that are not this app: `GET <base>/token` gives the signed-in
 * user a short-lived JWT, `GET <base>/jwks` publishes the public keys that verify it.
 *
 * @module @latch/core/access-tokens
 */
import type { Adapter } from "../../adapter.js";
import { adapterHas } from "../../config/adapter-guard.js";
import { MissingAdapter, MissingAdapterMethods, type AuthError } from "../../errors.js";
import { accessTokensCode, featureCode } from "../../symbols.js";
import type { AccessTokenSettings, AccessTokensOption, AccessTokensOptions } from "../../types/access-token-options.js";
import type { AuthConfig } from "../../types/config.js";
import { signingKeyMethods } from "./adapter-methods.js";
import { InvalidAccessTokens } from "./errors.js";
import { accessTokenRows } from "./rows.js";

export type { AccessTokenAlgorithm, AccessTokenClaimsInput, AccessTokensOption, AccessTokensOptions } from "../../types/access-token-options.js";
export { CrossSiteTokenRequest, InvalidAccessTokens, type AccessTokenError } from "./errors.js";

const day = 24 * 60 * 60;
const algorithms: readonly string[] = ["EdDSA", "ES256", "RS256"];

const isSeconds = (value: number, max: number) => Number.isInteger(value) && value > 0 && value <= max;

/** The first problem of the settings with `adapter`, or `null`. */
function problemOf(settings: AccessTokenSettings, adapter: Adapter | undefined): AuthError | null {
  const { algorithm, lifetime, rotation } = settings;
  if (!algorithms.includes(algorithm)) return new InvalidAccessTokens(`AccessTokens: unknown algorithm "${String(algorithm)}"; use "EdDSA", "ES256" or "RS256".`);
  if (!isSeconds(lifetime, day)) return new InvalidAccessTokens("AccessTokens: lifetime is a whole number of seconds, from 1 to 86400 (one day).");
  if (!isSeconds(rotation.every, 10 * 365 * day)) return new InvalidAccessTokens("AccessTokens: rotation.every is a whole, positive number of seconds.");
  if (!Number.isInteger(rotation.grace) || rotation.grace < lifetime) {
    return new InvalidAccessTokens("AccessTokens: rotation.grace is a whole number of seconds, at least the token lifetime (a replaced key must verify every token it signed).");
  }
  const keys = settings.keys ?? (adapter ? "adapter" : "secret");
  if (keys === "secret") {
    if (algorithm === "RS256") return new InvalidAccessTokens('AccessTokens: RS256 keys cannot be derived from the secret; store them (an adapter with listSigningKeys and createSigningKey, keys: "adapter"), or use "EdDSA" or "ES256".');
    return null;
  }
  if (keys !== "adapter") return new InvalidAccessTokens(`AccessTokens: keys is "adapter" or "secret", not "${String(keys)}".`);
  if (!adapter) return new MissingAdapter('AccessTokens with keys: "adapter" needs an adapter; set `adapter`, or derive the keys from the secret with keys: "secret".');
  const missing = signingKeyMethods.filter((name) => !adapterHas(adapter, name));
  if (missing.length) {
    return new MissingAdapterMethods(missing, `AccessTokens stores its signing keys through the adapter, which lacks ${missing.join(", ")}. Use an adapter that has them, or derive the keys from the secret with AccessTokens({ keys: "secret" }).`);
  }
  return null;
}

/**
 * Turns on `GET <base>/token` (the signed-in user's access token: a JWT with `iss`, `sub`, `aud`,
 * `exp`, `iat`, `jti` and the claims of `claims`, signed with EdDSA by default) and
 * `GET <base>/jwks` (the public keys, for `createRemoteJWKSet` and any other JWKS client). Pass it
 * as `accessTokens`. With an adapter the keys are stored through it (`listSigningKeys`,
 * `createSigningKey`) and rotated; without one they are derived from the secret.
 *
 * @example
 * ```ts
 * import { AccessTokens } from "@latch/core/access-tokens"
 * const config = { adapter, providers, accessTokens: AccessTokens({ audience: "https://api.example.com" }) }
 * ```
 */
export function AccessTokens(options: AccessTokensOptions = {}): AccessTokensOption {
  const settings: AccessTokenSettings = Object.freeze({
    algorithm: options.algorithm ?? "EdDSA",
    lifetime: options.lifetime ?? 900,
    audience: options.audience,
    claims: options.claims,
    keys: options.keys,
    rotation: Object.freeze({ every: options.rotation?.every ?? 30 * day, grace: options.rotation?.grace ?? day }),
  });
  const check = (adapter: Adapter | undefined) => problemOf(settings, adapter);
  return { [accessTokensCode]: { settings, check }, [featureCode]: { rows: accessTokenRows, check } };
}

/** A private signing key of the access-token key ring, as a JWK (RFC 7517) with `kid`, `alg` and `use`. */
export interface PrivateSigningJwk {
  readonly kty: string;
  readonly kid: string;
  readonly alg: "EdDSA" | "ES256" | "RS256";
  readonly use: "sig";
  readonly [member: string]: unknown;
}

/** What {@link accessTokenSigningKeys} answers. */
export interface AccessTokenSigningKeys {
  /** The private JWKs of every key `<base>/jwks` publishes, the one that signs now first. */
  readonly keys: readonly PrivateSigningJwk[];
  /** The `kid` of the key that signs now. */
  readonly signingKid: string;
}

/**
 * The private keys of the access-token key ring of `config` (its `accessTokens`, secret and
 * adapter), for a library that signs with JWKs on the same keys, so one key store and its rotation
 * serve both: `@latch/oidc-provider` hands them to the OpenID Provider. A stored key due for
 * rotation is replaced first, as the `token` endpoint does. Keep what it answers on the server.
 *
 * @throws {InvalidAccessTokens} The config has no `accessTokens`, or its settings are refused.
 */
export async function accessTokenSigningKeys(config: Pick<AuthConfig, "accessTokens" | "secret" | "adapter">, now: number = Date.now()): Promise<AccessTokenSigningKeys> {
  const code = config.accessTokens?.[accessTokensCode];
  if (!code) throw new InvalidAccessTokens("accessTokenSigningKeys: the config has no `accessTokens: AccessTokens(…)`.");
  const problem = code.check(config.adapter);
  if (problem) throw problem;
  const secrets = [config.secret ?? []].flat().filter((secret): secret is string => typeof secret === "string" && secret.length > 0);
  if (!secrets.length) throw new InvalidAccessTokens("accessTokenSigningKeys: the config has no secret (set AUTH_SECRET or `secret`).");
  const { privateKeySet } = await import("./private-keys.js");
  const keys = (await privateKeySet({ secrets, adapter: config.adapter }, code.settings, now)) as unknown as PrivateSigningJwk[];
  return { keys, signingKid: keys[0]!.kid };
}
