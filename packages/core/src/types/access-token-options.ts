import type { Adapter, Awaitable } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { accessTokensCode, featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/** The signature algorithms of access tokens: Ed25519 (`"EdDSA"`), P-256 (`"ES256"`), RSA (`"RS256"`, for old verifiers). */
export type AccessTokenAlgorithm = "EdDSA" | "ES256" | "RS256";

/** What {@link AccessTokensOptions.claims} is given. */
export interface AccessTokenClaimsInput {
  /** The signed-in user's id: the token's `sub`. */
  userId: string;
  /** The request for the token. */
  request: Request;
}

/** What `AccessTokens()` takes. */
export interface AccessTokensOptions {
  /** The signature algorithm. Default `"EdDSA"`. `"RS256"` needs stored keys (`keys: "adapter"`). */
  algorithm?: AccessTokenAlgorithm;
  /** Seconds a token is valid (`exp - iat`). Default `900` (15 minutes); at most one day. */
  lifetime?: number;
  /** The token's `aud`. Default: the site's origin. */
  audience?: string | readonly string[];
  /**
   * Claims added to each token, beyond `iss`, `sub`, `aud`, `exp`, `iat` and `jti` (which they
   * cannot replace).
   */
  claims?: (input: AccessTokenClaimsInput) => Awaitable<Record<string, unknown>>;
  /**
   * Where the signing keys come from:
   * - `"adapter"`: made at random on first use and stored through the adapter (`listSigningKeys`,
   *   `createSigningKey`), the private key encrypted with a key derived from the secret; rotated on
   *   {@link rotation}'s schedule. The default when the config has an adapter.
   * - `"secret"`: derived from the secret (HKDF), so every instance has the same key and a new
   *   `AUTH_SECRET` makes a new key; the keys of every secret of the list are published. The
   *   default without an adapter. `"EdDSA"` and `"ES256"` only.
   */
  keys?: "adapter" | "secret";
  /**
   * Stored keys: a new key every `every` seconds (default 30 days); a replaced key stays published,
   * so that the tokens it signed still verify, for `grace` seconds (default one day; at least the
   * token lifetime).
   */
  rotation?: { every?: number; grace?: number };
}

/** {@link AccessTokensOptions} with the defaults filled in (the audience stays per request). */
export interface AccessTokenSettings {
  readonly algorithm: AccessTokenAlgorithm;
  readonly lifetime: number;
  readonly audience?: string | readonly string[];
  readonly claims?: AccessTokensOptions["claims"];
  /** `undefined`: `"adapter"` when the config has an adapter, else `"secret"`. */
  readonly keys?: "adapter" | "secret";
  readonly rotation: { readonly every: number; readonly grace: number };
}

/** What `AccessTokens()` carries for core: its settings and its check of a config. */
export interface AccessTokensCode {
  readonly settings: AccessTokenSettings;
  /** The problem of a config's adapter for these settings, or `null`. */
  check(adapter: Adapter | undefined): AuthError | null;
}

/**
 * Turns on `GET <base>/token` and `GET <base>/jwks`. Made by `AccessTokens()` of
 * `@latch/core/access-tokens`; its code comes into the bundle only with it.
 */
export interface AccessTokensOption {
  /** The settings and check (internal). */
  readonly [accessTokensCode]: AccessTokensCode;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
