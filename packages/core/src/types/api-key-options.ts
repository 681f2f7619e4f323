import type { Adapter } from "../adapter.js";
import type { AuthError } from "../errors.js";
import type { apiKeysCode, featureCode } from "../symbols.js";
import type { FeatureCode } from "./feature.js";

/**
 * Who an API key acts for: a user, or an organization of `Organizations()` (its key outlives
 * whoever made it and ends with the organization).
 */
export type ApiKeyOwner = { readonly type: "user"; readonly id: string } | { readonly type: "organization"; readonly id: string };

/** The owner of a verified key: an organization's with its slug as it is now. */
export type VerifiedApiKeyOwner = { readonly type: "user"; readonly id: string } | { readonly type: "organization"; readonly id: string; readonly slug: string };

/** What `ApiKeys()` takes. */
export interface ApiKeysOptions {
  /**
   * The first part of every key (`<prefix>_<public id>_<secret>`), so that a key is recognised
   * in a configuration file or a secret scanner: 1 to 16 lowercase letters and digits, starting
   * with a letter. Default `"latch"`.
   */
  prefix?: string;
  /**
   * Seconds an instance keeps a key it read from the adapter (its row, or that there is none)
   * before reading it again: one adapter read per key per period. A key revoked on another
   * instance may still pass here for at most this long. From 0 (no cache) to 60; default `60`.
   */
  cacheSeconds?: number;
  /** Seconds between two writes of a key's last-used time (not one write per request). Default `300`. */
  lastUsedInterval?: number;
  /**
   * Requests per key per window, counted in the rate limits' store (`RateLimit()`; this process's
   * memory without it); past it the key is answered 429 `ApiKeyRateLimited`. Default
   * `{ max: 600, window: 60 }`; `false` turns it off.
   */
  limit?: { max: number; window: number } | false;
  /**
   * The scopes a key may carry: the API-keys page offers them as checkboxes, and a key asking for
   * another is refused (`InvalidRequest`). Absent: any scope of the right shape, written in a
   * field of the page.
   */
  scopes?: readonly string[];
}

/** {@link ApiKeysOptions} with the defaults filled in. */
export interface ApiKeySettings {
  readonly prefix: string;
  readonly cacheSeconds: number;
  readonly lastUsedInterval: number;
  readonly limit: { readonly max: number; readonly window: number } | false;
  /** The scopes a key may carry; `undefined`: any. */
  readonly scopes?: readonly string[];
}

/** A key as its owner sees it: never its secret, never its hash. */
export interface ApiKeyInfo {
  /** The public id: the middle part of the key, and how it is named to the endpoints. */
  id: string;
  name: string;
  owner: ApiKeyOwner;
  scopes: string[];
  createdAt: Date;
  /** `null`: the key does not expire. */
  expires: Date | null;
  /** When the key was last used, to within the `lastUsedInterval`; `null` before its first use. */
  lastUsedAt: Date | null;
}

/** A key that passed verification: what the request's session carries. */
export interface VerifiedApiKey {
  readonly id: string;
  readonly name: string;
  readonly owner: VerifiedApiKeyOwner;
  readonly scopes: readonly string[];
  /** `null`: the key does not expire. */
  readonly expires: Date | null;
}

/** What `ApiKeys()` carries for core (internal): its settings, its check of a config, and the code the router runs. */
export interface ApiKeysCode {
  readonly settings: ApiKeySettings;
  /** The problem of a config's adapter and strategy for API keys, or `null`. */
  check(adapter: Adapter | undefined): AuthError | null;
  /** The API key a request presents (`x-api-key`, or `Authorization: Bearer` of the key's shape), or `undefined`. */
  presented(headers: Headers): string | undefined;
}

/**
 * Turns on API keys: `<prefix>_<public id>_<secret>` keys read wherever a session is read, and
 * the `<base>/api-keys` endpoints. Made by `ApiKeys()` of `@latch/core/api-keys`; its code comes
 * into the bundle only with it.
 */
export interface ApiKeysOption {
  /** The settings, cache and code (internal). */
  readonly [apiKeysCode]: ApiKeysCode;
  /** Its rows, check and hooks, for core (internal). */
  readonly [featureCode]: FeatureCode;
}
