/**
 * The server API of API keys, each function taking the same config object as `Auth()`, exported
 * from `@latch/core/api-keys` beside `ApiKeys()` (not from `@latch/core`: re-exported there, these
 * functions cost every app's first chunk about 300 B even when unused). The key handling is in
 * manage.ts and in the option's verifier, loaded on the first call.
 */
import type { ApiKeyInfo, ApiKeyOwner, VerifiedApiKey } from "../../types/api-key-options.js";
import type { AuthConfig } from "../../types/config.js";
import { staticConfig } from "../../config/resolve.js";
import { InvalidApiKeys } from "./errors.js";
import { limitsState } from "../../limits/state.js";
import type { ApiKeyChanges, NewApiKey } from "./manage.js";

export type { ApiKeyInfo, ApiKeyOwner, VerifiedApiKey } from "../../types/api-key-options.js";
export type { ApiKeyChanges, NewApiKey } from "./manage.js";

/** What {@link verifyApiKey} takes beyond the key. */
export interface VerifyApiKeyOptions {
  /** Scopes the key must all have; otherwise `ApiKeyScopeMissing` (403). */
  scopes?: readonly string[];
}

async function contextOf(config: AuthConfig) {
  if (!config.apiKeys) throw new InvalidApiKeys("API keys are off: pass apiKeys = ApiKeys() of @latch/core/api-keys.");
  const { adapter, logger } = staticConfig(config);
  return { adapter, logger, apiKeys: config.apiKeys, admin: config.admin, rateLimit: limitsState(config.rateLimit) };
}

/**
 * Makes an API key for `owner`. Returns the whole key, to show this once (only its hash is
 * stored), and the key as {@link listApiKeys} lists it.
 *
 * @example
 * ```ts
 * import { createApiKey } from "@latch/core/api-keys"
 * const { key } = await createApiKey(authConfig, { type: "user", id: user.id }, { name: "CI", scopes: ["deploy"] })
 * ```
 */
export async function createApiKey(config: AuthConfig, owner: ApiKeyOwner, input: NewApiKey): Promise<{ key: string; apiKey: ApiKeyInfo }> {
  const ctx = await contextOf(config);
  return (await import("./manage.js")).makeKey(ctx, owner, input);
}

/**
 * The key a request presents (`x-api-key`, or `Authorization: Bearer` of the key's prefix), or
 * the key string itself, verified: throws `InvalidApiKey` (401; also when none is presented),
 * `ApiKeyExpired` (401), `ApiKeyRateLimited` (429), or `ApiKeyScopeMissing` (403) when it lacks
 * one of `options.scopes`. Each error has `type` and `status` for the answer.
 *
 * @example
 * ```ts
 * import { verifyApiKey } from "@latch/core/api-keys"
 * const key = await verifyApiKey(authConfig, request, { scopes: ["orders:read"] })
 * ```
 */
export async function verifyApiKey(config: AuthConfig, request: Request | string, options: VerifyApiKeyOptions = {}): Promise<VerifiedApiKey> {
  const ctx = await contextOf(config);
  const [{ codeOf }, { ApiKeyScopeMissing, InvalidApiKey }] = await Promise.all([import("./manage.js"), import("./errors.js")]);
  const code = codeOf(ctx);
  const value = typeof request === "string" ? request : code.presented(request.headers);
  if (value === undefined) throw new InvalidApiKey("The API key is not valid.");
  const key = await code.verifier.verify(ctx, value);
  const missing = (options.scopes ?? []).filter((scope) => !key.scopes.includes(scope));
  if (missing.length) throw new ApiKeyScopeMissing(`This API key lacks the scope${missing.length > 1 ? "s" : ""} ${missing.join(", ")}.`);
  return key;
}

/**
 * The owner's API keys, newest first: never a secret or a hash.
 *
 * @example
 * ```ts
 * import { listApiKeys } from "@latch/core/api-keys"
 * const keys = await listApiKeys(authConfig, { type: "user", id: user.id })
 * ```
 */
export async function listApiKeys(config: AuthConfig, owner: ApiKeyOwner): Promise<ApiKeyInfo[]> {
  const ctx = await contextOf(config);
  return (await import("./manage.js")).ownerKeys(ctx, owner);
}

/**
 * Changes the name, scopes or expiry of the owner's key `id`; throws `ApiKeyNotFound` when the
 * owner has no such key.
 *
 * @example
 * ```ts
 * import { updateApiKey } from "@latch/core/api-keys"
 * await updateApiKey(authConfig, owner, id, { scopes: ["orders:read"] })
 * ```
 */
export async function updateApiKey(config: AuthConfig, owner: ApiKeyOwner, id: string, changes: ApiKeyChanges): Promise<ApiKeyInfo> {
  const ctx = await contextOf(config);
  return (await import("./manage.js")).changeKey(ctx, owner, id, changes);
}

/**
 * Revokes the owner's key `id`: refused at once on this instance, and on every other within its
 * cache period (`cacheSeconds`, at most 60 s). Returns `false` when the owner has no such key.
 *
 * @example
 * ```ts
 * import { revokeApiKey } from "@latch/core/api-keys"
 * await revokeApiKey(authConfig, { type: "user", id: user.id }, keyId)
 * ```
 */
export async function revokeApiKey(config: AuthConfig, owner: ApiKeyOwner, id: string): Promise<boolean> {
  const ctx = await contextOf(config);
  const [{ revokeKey }, { ApiKeyNotFound }] = await Promise.all([import("./manage.js"), import("./errors.js")]);
  try {
    await revokeKey(ctx, owner, id);
    return true;
  } catch (error) {
    if (error instanceof ApiKeyNotFound) return false;
    throw error;
  }
}
